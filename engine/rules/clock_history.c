/*
 * clock_history.c -- a game record's clock rebuilt from its [%clk] and
 * [%emt] readings under its time control, with what does not fit
 * (arb_record_clock_history).
 *
 * It reads a record and its start position, so it stands above the clock
 * (which knows neither) and the notation; the period arithmetic is the
 * clock's own (clock/timecontrol.h). Readings of whole seconds are trusted
 * to READING_SLACK.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arbiter.h>

#include "arbint.h"
#include "timecontrol.h"

#define READING_SLACK 1000L /* [%clk] has whole seconds */

typedef struct history {
	arb_clock_issue *issues;
	int n_issues, found;
} history;

static void issue(history *h, arb_clock_issue_kind kind, int ply, const char *fmt, ...)
{
	if (h->found < h->n_issues) {
		arb_clock_issue *is = &h->issues[h->found];
		va_list ap;
		is->kind = kind;
		is->ply = ply;
		va_start(ap, fmt);
		vsnprintf(is->message, sizeof is->message, fmt, ap);
		va_end(ap);
	}
	h->found++;
}

/* "12 s", "1.5 s" into buf. */
static const char *secs(char *buf, size_t n, long ms)
{
	size_t len = strlen(arbI_tc_amount(buf, n, ms < 0 ? -ms : ms, 1000));
	snprintf(buf + len, n - len, " s");
	return buf;
}

int arb_record_clock_history(const arb_record *g, const arb_time_control *tc,
			     arb_clock_entry *entries, int n_entries, arb_clock_issue *issues,
			     int n_issues, int *issue_count)
{
	history h = {issues, issues ? n_issues : 0, 0};
	arb_time_control own;
	char b1[32], b2[32];
	arbI_api_check(g && n_entries >= 0 && (entries || !n_entries) && n_issues >= 0, -1);
	if (!tc) {
		const char *tag = arb_record_tag(g, "TimeControl");
		if (tag && arb_tc_parse(tag, &own, NULL) == ARB_OK)
			tc = &own;
	}
	int timed = tc && tc->kind == ARB_TC_PERIODS;
	if (!timed)
		issue(&h, ARB_CLOCK_NO_CONTROL, -1,
		      "no usable TimeControl: readings only, nothing checked");
	const arb_position *start = arb_record_start(g);
	int plies = arb_record_ply_count(g);
	int side = (int)arb_position_side_to_move(start), first_black = side == ARB_BLACK;
	int fullmove = arb_position_fullmove_number(start);
	long remaining[2];
	int known[2], moves[2], period[2] = {0, 0}, period_moves[2] = {0, 0};
	int flagged[2] = {0, 0};
	/* A game set up at move N: the moves before count for the periods and
	 * increment_from; the time left is learnt from the first reading. */
	moves[ARB_WHITE] = fullmove - 1 + first_black;
	moves[ARB_BLACK] = fullmove - 1;
	for (int c = 0; c < 2; c++) {
		known[c] = timed && !moves[c];
		remaining[c] = timed ? tc->side[c].period[0].base_ms : 0;
		if (timed)
			period[c] = arbI_tc_period_after(&tc->side[c], moves[c], &period_moves[c]);
	}
	int readings = 0;
	for (int ply = 0; ply < plies; ply++, side ^= 1) {
		int node = arb_record_mainline_node(g, ply);
		long clk = arb_record_node_clock(g, node, ARB_CMD_CLK);
		long emt = arb_record_node_clock(g, node, ARB_CMD_EMT);
		readings += clk != ARB_NO_CLOCK || emt != ARB_NO_CLOCK;
		int number = fullmove + (ply + (first_black ? 1 : 0)) / 2;
		const char *who = side == ARB_WHITE ? "white" : "black";
		long used = emt, after = clk;
		moves[side]++;
		period_moves[side]++;
		if (timed) {
			const arb_control *ctl = &tc->side[side];
			const arb_period *pd =
				&ctl->period[period[side] < ctl->nperiods ? period[side] :
									    ctl->nperiods - 1];
			long inc = moves[side] >= pd->increment_from ? pd->increment_ms : 0;
			long bonus = 0;
			if (pd->moves && period_moves[side] >= pd->moves) {
				if (period[side] + 1 < ctl->nperiods)
					period[side]++;
				period_moves[side] = 0;
				bonus = ctl->period[period[side]].base_ms;
			}
			/* main time used: the time used less what a delay covers */
			long cover = pd->delay_ms, main_used = -1;
			if (emt != ARB_NO_CLOCK)
				main_used = emt - (emt < cover ? emt : cover);
			/* as on the clock: reaching zero exactly is too late */
			int fell =
				known[side] && main_used >= 0 && remaining[side] - main_used <= 0;
			if (fell && !flagged[side]) {
				flagged[side] = 1;
				issue(&h, ARB_CLOCK_NEGATIVE, ply,
				      "move %d (%s): the time runs out (%s used, %s left)", number,
				      who, secs(b1, sizeof b1, emt),
				      secs(b2, sizeof b2, remaining[side]));
			}
			if (known[side] && clk != ARB_NO_CLOCK) {
				long rise = clk - remaining[side];
				if (rise > inc + bonus + READING_SLACK) {
					issue(&h, ARB_CLOCK_RISES, ply,
					      "move %d (%s): clock rises by %s, more than the control gives",
					      number, who, secs(b1, sizeof b1, rise - inc - bonus));
				} else if (main_used >= 0) {
					long expect =
						fell ? bonus :
						       remaining[side] - main_used + inc + bonus;
					if (labs(expect - clk) > READING_SLACK)
						issue(&h, ARB_CLOCK_MISMATCH, ply,
						      "move %d (%s): [%%clk] and [%%emt] differ by %s",
						      number, who,
						      secs(b2, sizeof b2, expect - clk));
				}
				if (used == ARB_NO_CLOCK) {
					used = inc + bonus - rise;
					if (used < 0)
						used = 0;
				}
			} else if (known[side] && main_used >= 0) {
				after = fell ? bonus : remaining[side] - main_used + inc + bonus;
			}
			if (after != ARB_NO_CLOCK) {
				remaining[side] = after;
				known[side] = 1;
			} else {
				known[side] = 0;
			}
		}
		if (ply < n_entries && entries) {
			arb_clock_entry *e = &entries[ply];
			e->side = (arb_color)side;
			e->move_number = number;
			e->used_ms = used;
			e->remaining_ms = after;
			e->period = period[side];
		}
	}
	if (plies && !readings)
		issue(&h, ARB_CLOCK_NO_READINGS, -1, "no [%%clk] or [%%emt] reading in the game");
	if (issue_count)
		*issue_count = h.found;
	return plies;
}
