/*
 * game_pgn.c -- a game's events in a PGN record, both ways: the comment
 * commands ("[%claim threefold white f6g8]") read into events, the ending a
 * record's Result and Termination tags imply, and the events and decided
 * result written back (arb_game_from_record / arb_game_to_record).
 *
 * A command is the event token with blanks for its colons (the grammar of
 * engine/notation/events.c), with the colour defaulted from the game where
 * the record leaves it out. An event inferred from the tags is marked so
 * and written back only when the tags no longer imply it, so that reading a
 * rewritten record infers the same game again.
 */
#include "game_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "record.h"

static int word_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* The index of the event command named s[0..n) (arbI_game_command_name), or -1. */
static int command_index(const char *s, size_t n)
{
	const char *c;
	for (int i = 0; (c = arbI_game_command_name(i)) != NULL; i++)
		if (word_is(s, n, c))
			return i;
	return -1;
}

/*
 * Builds the token of one command with the defaults for a missing colour:
 * a claim, an illegal/retracted/nopromo move, a press without a move and a
 * resignation are by the side to move; an offer by the side that just
 * moved; an accept or decline by the side the offer was made to.
 */
static int command_token(const arb_game *g, const char *name, const char *args, char *tok, size_t n)
{
	char a[3][24] = {"", "", ""};
	int na = 0;
	const char *p = args;
	while (*p && na < 3) {
		while (*p == ' ')
			p++;
		size_t k = strcspn(p, " ");
		if (k == 0)
			break;
		snprintf(a[na++], sizeof a[0], "%.*s", (int)(k > 23 ? 23 : k), p);
		p += k;
	}
	while (*p == ' ')
		p++;
	if (*p)
		return 0;
	const arb_position *pos = pos_of(g);
	const char *stm = color_name(arb_position_side_to_move(pos));
	const char *moved =
		arb_history_ply_count(g->h) ? color_name(!arb_position_side_to_move(pos)) : stm;
	const char *offeree = g->offer_by >= 0 ? color_name(!g->offer_by) : stm;
	int hascolor = na > 0 && (strcmp(a[0], "white") == 0 || strcmp(a[0], "black") == 0);
	int k;
	if (strcmp(name, "claim") == 0) {
		/* [%claim KIND [COLOR] [MOVE]] */
		if (na < 1)
			return 0;
		int c = na > 1 && (strcmp(a[1], "white") == 0 || strcmp(a[1], "black") == 0);
		const char *mv = c ? (na > 2 ? a[2] : "") : (na > 1 ? a[1] : "");
		k = snprintf(tok, n, "claim:%s:%s%s%s", a[0], c ? a[1] : stm, mv[0] ? "@" : "", mv);
	} else if (strcmp(name, "ruling") == 0 || strcmp(name, "flag") == 0 ||
		   strcmp(name, "clock") == 0 || strcmp(name, "late") == 0 ||
		   strcmp(name, "forfeit") == 0) {
		k = snprintf(tok, n, "%s%s%s%s%s%s%s", name, na > 0 ? ":" : "", a[0],
			     na > 1 ? ":" : "", a[1], na > 2 ? ":" : "", a[2]);
	} else if (strcmp(name, "illegal") == 0 || strcmp(name, "retracted") == 0 ||
		   strcmp(name, "nopromo") == 0) {
		const char *mv = hascolor ? a[1] : a[0];
		k = snprintf(tok, n, "%s:%s%s%s", name, hascolor ? a[0] : stm, mv[0] ? ":" : "",
			     mv);
	} else {
		const char *dflt = strcmp(name, "offer") == 0 ? moved :
				   strcmp(name, "accept") == 0 || strcmp(name, "decline") == 0 ?
								offeree :
								stm;
		k = snprintf(tok, n, "%s:%s", name, hascolor ? a[0] : dflt);
	}
	return k > 0 && (size_t)k < n;
}

/* Feeds the commands of a comment; returns the status of the first failure. */
static arb_status feed_comment(arb_game *g, const char *text, int ply, arb_error *err)
{
	const char *p = text;
	while (p && (p = strstr(p, "[%")) != NULL) {
		const char *name = p + 2, *end = strchr(name, ']');
		if (!end)
			break;
		size_t nn = strcspn(name, " ]");
		int idx = command_index(name, nn);
		if (idx >= 0) {
			char args[96], tok[128];
			const char *a = name + nn;
			size_t an = (size_t)(end - a);
			snprintf(args, sizeof args, "%.*s", (int)(an > 95 ? 95 : an), a);
			arb_event ev;
			arb_status st;
			/* "[%flag white inferred]": an event the record's tags imply,
			 * written so by arb_game_to_record. */
			size_t al = strlen(args);
			int inferred = al >= 9 && strcmp(args + al - 9, " inferred") == 0;
			if (inferred)
				args[al - 9] = '\0';
			if (!command_token(g, arbI_game_command_name(idx), args, tok, sizeof tok))
				return arbI_err_report(err, ARB_E_EVENT, 0,
						       "after ply %d: bad command [%%%.*s]", ply,
						       (int)(end - name), name);
			st = arb_event_parse(tok, strlen(tok), &ev, err);
			g->inferring = inferred ? 2 : 0;
			if (st == ARB_OK)
				st = arb_game_event(g, &ev, err);
			g->inferring = 0;
			if (st != ARB_OK) {
				if (err) {
					char msg[ARB_ERROR_MESSAGE_SIZE];
					snprintf(msg, sizeof msg, "%s", err->message);
					put(err->message, sizeof err->message,
					    "after ply %d, [%%%.*s]: %s", ply,
					    (int)(end - name > 60 ? 60 : end - name), name, msg);
				}
				return st;
			}
		}
		p = end + 1;
	}
	return ARB_OK;
}

/*
 * The event a PGN Termination value (arbI_term_of_text, reasons.c) implies with
 * the Result (see infer_ending). "death", "emergency" and anything else
 * (TERM_OTHER) imply no event: the game is left as the events leave it.
 */

/* The side whose flag fell in a game drawn on time: the one whose last
 * [%clk] reading is zero, else the side to move (only the clock of the
 * side to move runs). */
static int drawn_flagger(const arb_game *g, const arb_record *rec)
{
	int n = arb_record_ply_count(rec);
	int stm = arb_position_side_to_move(pos_of(g));
	for (int ply = n - 1; ply >= 0 && ply >= n - 2; ply--) {
		long ms =
			arb_record_node_clock(rec, arb_record_mainline_node(rec, ply), ARB_CMD_CLK);
		if (ms == 0)
			return (ply % 2 == 0) == (arb_position_side_to_move(
							  arb_record_start(rec)) == ARB_WHITE) ?
				       ARB_WHITE :
				       ARB_BLACK;
	}
	return stm;
}

/* The token of the ending a decisive Result implies with a Termination of
 * `kind` (the loser named by the Result). */
static void decisive_token(const arb_game *g, term_kind kind, int loser, char *tok, size_t n)
{
	static const char *const why[] = {[TERM_ABANDONED] = "abandoned",
					  [TERM_STALLED] = "stalled",
					  [TERM_INFRACTION] = "infraction",
					  [TERM_ADJUDICATION] = "adjudication"};
	const char *c = color_name(loser);
	int on_move = (int)arb_position_side_to_move(pos_of(g)) == loser;
	switch (kind) {
	case TERM_TIME:
		snprintf(tok, n, "flag:%s", c);
		break;
	case TERM_ILLEGAL:
		/* The illegal move was not played: its maker is on move, unless
		 * the record ends otherwise (then only the forfeit is known). */
		snprintf(tok, n, on_move ? "illegal:%s" : "forfeit:%s:illegal", c);
		break;
	case TERM_ABANDONED:
	case TERM_STALLED:
	case TERM_INFRACTION:
	case TERM_ADJUDICATION:
		snprintf(tok, n, "forfeit:%s:%s", c, why[kind]);
		break;
	default:
		snprintf(tok, n, "resign:%s", c);
		break;
	}
}

/* The token of the ending a drawn Result implies. */
static void drawn_token(const arb_game *g, const arb_record *rec, term_kind kind, char *tok,
			size_t n)
{
	const arb_position *pos = pos_of(g);
	int stm = arb_position_side_to_move(pos);
	switch (kind) {
	case TERM_TIME:
		/* A flag fall against a side that cannot mate (FIDE 6.9): the
		 * profile decides whether that is a draw. */
		snprintf(tok, n, "flag:%s", color_name(drawn_flagger(g, rec)));
		break;
	case TERM_ILLEGAL:
		snprintf(tok, n, "illegal:%s", color_name(stm));
		break;
	case TERM_ABANDONED:
	case TERM_STALLED:
	case TERM_INFRACTION:
	case TERM_ADJUDICATION:
		snprintf(tok, n, "ruling:draw"); /* the arbiter's (runner's) draw */
		break;
	default:
		if (arb_history_occurrences(g->h) >= g->rules.threefold_count)
			snprintf(tok, n, "claim:threefold:%s", color_name(stm));
		else if (arb_position_halfmove_clock(pos) >= 2 * g->rules.fifty_moves)
			snprintf(tok, n, "claim:fifty:%s", color_name(stm));
		else
			snprintf(tok, n, "offer:%s accept:%s", color_name(!stm), color_name(stm));
		break;
	}
}

/*
 * The ending a record's Result and Termination tags imply, when the events
 * did not end the game (see arb_game_from_record), fed as inferred events
 * and then decided under the profile like any other. An unterminated game
 * or a Termination that implies no event is left in play, with a note.
 */
static arb_status infer_ending(arb_game *g, const arb_record *rec, arb_error *err)
{
	const char *res = arb_record_result(rec);
	const char *term = arb_record_tag(rec, "Termination");
	term_kind kind = arbI_term_of_text(term);
	game_result said = res ? arbI_result_of_text(res) : RESULT_OTHER;
	int decisive = said == RESULT_WHITE || said == RESULT_BLACK;
	int loser = said == RESULT_WHITE ? ARB_BLACK : ARB_WHITE;
	char tok[64];
	arb_status st;

	if (g->ended || (!decisive && said != RESULT_DRAW))
		return ARB_OK;
	if (kind == TERM_UNTERMINATED || kind == TERM_OTHER) {
		g->result_left = 1;
		arbI_game_decide(
			g, ARB_REASON_RESULT_NOT_ADJUDICATED,
			"(Termination \"%.40s\" implies no event; the Result %s is not adjudicated)",
			term, res);
		return ARB_OK;
	}
	if (decisive)
		decisive_token(g, kind, loser, tok, sizeof tok);
	else
		drawn_token(g, rec, kind, tok, sizeof tok);
	g->inferring = 1;
	st = arb_game_tokens(g, tok, err);
	/* An illegal move the profile only penalises (a first one, 7.5.5)
	 * would leave in play a game the file says was lost by it: the runner's
	 * or arbiter's forfeit is then the event. */
	if (st == ARB_OK && decisive && kind == TERM_ILLEGAL && !g->ended) {
		snprintf(tok, sizeof tok, "forfeit:%s:illegal", color_name(loser));
		st = arb_game_tokens(g, tok, err);
	}
	g->inferring = 0;
	return st;
}

arb_game *arb_game_from_record(const arb_record *rec, const arb_rules *rules, arb_error *err)
{
	arb_time_control tc, *tcp = NULL;
	const char *tct;
	arbI_api_check(rec, NULL);
	arbI_api_check(!rules || arb_rules_check(rules, NULL) == ARB_OK, NULL);
	if ((tct = arb_record_tag(rec, "TimeControl")) && arb_tc_parse(tct, &tc, NULL) == ARB_OK &&
	    tc.kind == ARB_TC_PERIODS)
		tcp = &tc;
	arb_game *g = arb_game_new(rules, arb_record_start(rec), tcp);
	if (!g) {
		arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
		return NULL;
	}
	int nply = arb_record_ply_count(rec);
	arb_status st = feed_comment(g, arb_record_node_comment(rec, 0), 0, err);
	for (int ply = 0; st == ARB_OK && ply < nply; ply++) {
		int node = arb_record_mainline_node(rec, ply);
		arb_move m = arb_record_node_move(rec, node);
		if (arb_game_ply_count(g) > ply) {
			/* A move the game made itself (the queen placed after an
			 * unfinished promotion, 7.5.2; the written move of an
			 * incorrect claim, 9.5.2) is also in the movetext. */
			if (arb_game_move(g, ply) != m) {
				st = arbI_err_report(
					err, ARB_E_EVENT, 0,
					"ply %d: the movetext does not have the move the "
					"events made",
					ply + 1);
				break;
			}
			st = feed_comment(g, arb_record_node_comment(rec, node), ply + 1, err);
			continue;
		}
		if (g->ended)
			break;
		arb_event ev;
		memset(&ev, 0, sizeof ev);
		ev.kind = ARB_EV_MOVE;
		ev.ms[0] = arb_record_node_clock(rec, node, ARB_CMD_CLK);
		ev.ms[1] = -1;
		arb_move_to_uci(pos_of(g), m, ev.move);
		if (ev.ms[0] < 0)
			ev.ms[0] = -1;
		st = arb_game_event(g, &ev, err);
		if (st == ARB_OK)
			st = feed_comment(g, arb_record_node_comment(rec, node), ply + 1, err);
	}
	if (st == ARB_OK && !g->ended)
		st = infer_ending(g, rec, err);
	if (st == ARB_OK && g->nomem) /* a note of infer_ending's */
		st = arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
	if (st != ARB_OK) {
		arb_game_free(g);
		return NULL;
	}
	return g;
}

/* Removes the event commands from a comment; keeps everything else. */
static size_t strip_commands(const char *in, char *out, size_t n)
{
	size_t o = 0;
	const char *p = in;
	while (*p && o + 1 < n) {
		if (p[0] == '[' && p[1] == '%') {
			const char *name = p + 2, *end = strchr(name, ']');
			size_t nn = strcspn(name, " ]");
			if (end && command_index(name, nn) >= 0) {
				p = end + 1;
				while (*p == ' ')
					p++;
				continue;
			}
		}
		out[o++] = *p++;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	return o;
}

/* The comment command of an event ("[%claim threefold white f6g8]"), with
 * the marker feed_comment reads for an inferred one ("[%flag white
 * inferred]"). */
static void event_command(const arb_event *ev, int inferred, char *buf, size_t n)
{
	char tok[80];
	arb_event_format(ev, tok, sizeof tok);
	for (char *p = tok; *p; p++)
		if (*p == ':' || *p == '@')
			*p = ' ';
	snprintf(buf, n, "[%%%s%s]", tok, inferred ? " inferred" : "");
}

/* The PGN standard's classes of Termination (9.8.1): a runner's "stalled
 * connection" is a kind of "abandoned", its "illegal move" of "rules
 * infraction". */
static term_kind term_class(term_kind k)
{
	return k == TERM_STALLED ? TERM_ABANDONED : k == TERM_ILLEGAL ? TERM_INFRACTION : k;
}

/* 1 when the record's Result and Termination tags already say what the
 * profile decided (the same result, a Termination of the same class), or
 * when the tags implied no event (infer_ending left the game as it was):
 * then they are kept as written, and the inferred events stay unwritten
 * (reading the record again infers them again). */
static int tags_stand(const arb_game *g, const arb_record *rec)
{
	const char *res = arb_record_result(rec);
	const char *term = arb_record_tag(rec, "Termination");
	if (g->result_left)
		return 1;
	return res && arbI_result_of_text(res) == arbI_game_result_now(g) &&
	       term_class(arbI_term_of_text(term)) == term_class(arbI_game_termination(g));
}

/* Sets Result and Termination to the profile's decision unless the tags
 * stand; a result or termination the file gave otherwise is kept in
 * OriginalResult / OriginalTermination (the first one written wins, so a
 * record rewritten again still names what its source said). */
static arb_status set_result_tags(const arb_game *g, arb_record *rec, const arb_game_result *r,
				  int keep)
{
	const char *res = arb_record_result(rec);
	game_result said = res ? arbI_result_of_text(res) : RESULT_NONE,
		    decided = arbI_game_result_now(g);
	const char *term;
	char was[24];
	if (!arb_record_tag(rec, "OriginalResult") && said != RESULT_NONE && said != decided &&
	    !keep) {
		snprintf(was, sizeof was, "%s", res);
		if (arb_record_set_tag(rec, "OriginalResult", was) != ARB_OK)
			return ARB_E_NOMEM;
	}
	term = arb_record_tag(rec, "Termination");
	if (keep) {
		if (!term && decided != RESULT_NONE &&
		    arb_record_set_tag(rec, "Termination", r->termination) != ARB_OK)
			return ARB_E_NOMEM;
		return ARB_OK;
	}
	if (term && strcmp(term, r->termination) != 0 &&
	    !arb_record_tag(rec, "OriginalTermination")) {
		/* A copy: setting a tag may move the record's strings. */
		char *t = malloc(strlen(term) + 1);
		arb_status st = t ? ARB_OK : ARB_E_NOMEM;
		if (t) {
			strcpy(t, term);
			st = arb_record_set_tag(rec, "OriginalTermination", t);
			free(t);
		}
		if (st != ARB_OK)
			return ARB_E_NOMEM;
	}
	arb_record_set_result(rec, r->result);
	if (arb_record_set_tag(rec, "Result", r->result) != ARB_OK ||
	    arb_record_set_tag(rec, "Termination", r->termination) != ARB_OK)
		return ARB_E_NOMEM;
	return ARB_OK;
}

arb_status arb_game_to_record(const arb_game *g, arb_record *rec)
{
	arbI_api_check(g && rec, ARB_E_ARGUMENT);
	int nply = arb_game_ply_count(g);
	if (arb_record_ply_count(rec) == 0) {
		/* A record without the moves (a token log): take the game's start
		 * and moves. */
		if (arb_record_set_start(rec, g->start) != ARB_OK)
			return ARB_E_NOMEM;
		int node = 0;
		for (int i = 0; i < nply; i++)
			if ((node = arb_record_add_move(rec, node, arb_game_move(g, i))) ==
			    ARB_NO_NODE)
				return ARB_E_NOMEM;
	}
	/* The record may go on after the game ended under this profile (a
	 * 75-move draw the players did not notice): those moves stay, without
	 * event commands. Fewer moves than the game has is a different game. */
	if (arb_record_ply_count(rec) < nply || (arb_record_ply_count(rec) > nply && !g->ended))
		return ARB_E_ARGUMENT;
	arb_game_result r;
	arb_game_result_get(g, &r);
	int keep_tags = tags_stand(g, rec);
	size_t cap = 4096;
	char *buf = malloc(cap), cmd[128];
	if (!buf)
		return ARB_E_NOMEM;
	int ev = 0;
	for (int ply = 0; ply <= nply; ply++) {
		int node = ply == 0 ? 0 : arb_record_mainline_node(rec, ply - 1);
		const char *old = arb_record_node_comment(rec, node);
		size_t oldlen = old ? strlen(old) : 0;
		if (oldlen + 1 > cap) {
			char *nb = realloc(buf, oldlen + 1);
			if (!nb) {
				free(buf);
				return ARB_E_NOMEM;
			}
			buf = nb;
			cap = oldlen + 1;
		}
		size_t len = strip_commands(old ? old : "", buf, cap);
		/* The events fed when `ply` moves had been played, in order; one
		 * this reading inferred from the tags only when the tags no
		 * longer imply it (one the record gave, marked inferred, stays:
		 * the tags rewritten to the decision may not imply it again). */
		for (; ev < g->nev && g->evply[ev] <= ply; ev++) {
			if (g->ev[ev].kind == ARB_EV_MOVE || g->evply[ev] < ply ||
			    (g->evinf[ev] == 1 && keep_tags))
				continue;
			event_command(&g->ev[ev], g->evinf[ev], cmd, sizeof cmd);
			size_t k = strlen(cmd);
			if (len + k + 2 > cap) {
				char *nb = realloc(buf, 2 * cap + k);
				if (!nb) {
					free(buf);
					return ARB_E_NOMEM;
				}
				buf = nb;
				cap = 2 * cap + k;
			}
			if (len)
				buf[len++] = ' ';
			memcpy(buf + len, cmd, k + 1);
			len += k;
		}
		if (arb_record_set_comment(rec, node, buf) != ARB_OK) {
			free(buf);
			return ARB_E_NOMEM;
		}
	}
	free(buf);
	return set_result_tags(g, rec, &r, keep_tags);
}
