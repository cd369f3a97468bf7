/*
 * clock.c -- the clock state machine (FIDE 2018 6.3, US Chess 5 and 16,
 * docs/rules.md#time-controls): periods by move count, increment, simple and US
 * delay, Bronstein, time odds, flags.
 *
 * Integer milliseconds throughout; the clock is driven by the caller's
 * times and never reads a wall clock.
 */
#include <stdlib.h>
#include <string.h>

#include "arbint.h"
#include "timecontrol.h"

/* ------------------------------------------------------------------------
 * The clock
 * ---------------------------------------------------------------------- */

typedef struct side_clock {
	long main;        /* main time left, as of arb_clock.since when running */
	int moves;        /* moves completed */
	int period;       /* index of the period in force */
	int period_moves; /* moves completed in it */
	long flag_t;      /* when the flag fell, -1 while it is up */
} side_clock;

struct arb_clock {
	arb_time_control tc;
	arb_transition mode;
	int started, running, to_move;
	long last_t;     /* time of the last operation */
	long since;      /* the running side's state is as of this time */
	long delay_left; /* simple delay left of the move in progress */
	long move_run;   /* running time of the move in progress */
	long move_start; /* when the move in progress began */
	side_clock s[2];
};

static const arb_period *cur_period(const arb_clock *c, int side)
{
	static const arb_period none = {0, 0, 0, 1, 0, ARB_DELAY_NONE};
	const arb_control *ctl = &c->tc.side[side];
	if (ctl->nperiods < 1) /* a sandclock has no periods */
		return &none;
	int i = c->s[side].period < ctl->nperiods ? c->s[side].period : ctl->nperiods - 1;
	return &ctl->period[i];
}

/* Moves a side into its next period (a repeating last period starts over);
 * 0 if there is none (the rest-of-game period). */
static int next_period(arb_clock *c, int side)
{
	const arb_control *ctl = &c->tc.side[side];
	side_clock *sc = &c->s[side];
	if (!cur_period(c, side)->moves)
		return 0;
	if (sc->period + 1 < ctl->nperiods)
		sc->period++;
	sc->period_moves = 0;
	sc->main += cur_period(c, side)->base_ms;
	if (sc->main > TC_MAX_MS)
		sc->main = TC_MAX_MS;
	return 1;
}

static void fall(side_clock *sc, long t)
{
	if (sc->flag_t < 0)
		sc->flag_t = t;
}

/* Brings the running side's state to time t (>= since). */
static void settle(arb_clock *c, long t)
{
	if (c->running < 0 || t < c->since)
		return;
	int r = c->running;
	side_clock *sc = &c->s[r];
	long e = t - c->since, t0 = c->since;
	c->move_run += e;
	if (c->tc.kind == ARB_TC_SANDCLOCK) {
		long flow = e < sc->main ? e : sc->main;
		sc->main -= flow;
		c->s[r ^ 1].main += flow;
		if (!sc->main)
			fall(sc, t0 + flow);
		c->since = t;
		return;
	}
	if (c->delay_left) {
		long d = e < c->delay_left ? e : c->delay_left;
		c->delay_left -= d;
		e -= d;
		t0 += d;
	}
	/* (a side with no main time left falls at once, unless a delay runs) */
	while (e > 0 || (!sc->main && sc->flag_t < 0 && !c->delay_left)) {
		if (e < sc->main) {
			sc->main -= e;
			break;
		}
		/* The main time reaches zero at t0 + main: the flag falls, unless
		 * (by flag) the period's moves were made; then, by flag, the next
		 * period starts, moves made beyond this one counting for it. */
		const arb_period *pd = cur_period(c, r);
		int made = pd->moves && sc->period_moves >= pd->moves;
		e -= sc->main;
		t0 += sc->main;
		sc->main = 0;
		if (c->mode != ARB_PERIOD_BY_FLAG || !made)
			fall(sc, t0);
		if (c->mode != ARB_PERIOD_BY_FLAG)
			break;
		int carry = made ? sc->period_moves - pd->moves : 0;
		if (!next_period(c, r))
			break;
		sc->period_moves = carry;
		if (!sc->main) {
			/* A period without main time ends at once: made if the
			 * moves carried over make it, else with its flag falling;
			 * round again for the next period (each time round the
			 * carry shrinks or the period index grows, so this ends),
			 * unless it is this same period repeating. */
			const arb_period *np = cur_period(c, r);
			if (np->moves && carry >= np->moves)
				continue;
			fall(sc, t0);
			if (np == pd)
				break;
			continue;
		}
		/* A repeating period runs out again and again while no move is
		 * made: skip the whole ones at once. */
		if (cur_period(c, r) == pd && e >= sc->main && carry < pd->moves) {
			long k = e / sc->main;
			fall(sc, t0 + sc->main);
			t0 += k * sc->main;
			e -= k * sc->main;
			sc->period_moves = 0;
		}
	}
	c->since = t;
}

ARB_API arb_clock *arb_clock_new(const arb_time_control *tc, arb_transition mode)
{
	arbI_api_check(tc, NULL);
	if (!arbI_tc_valid(tc) || (tc->kind != ARB_TC_PERIODS && tc->kind != ARB_TC_SANDCLOCK))
		return NULL;
	arb_clock *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->tc = *tc;
	c->mode = mode == ARB_PERIOD_BY_FLAG ? ARB_PERIOD_BY_FLAG : ARB_PERIOD_BY_MOVES;
	c->running = -1;
	for (int s = 0; s < 2; s++) {
		c->s[s].main = tc->kind == ARB_TC_SANDCLOCK ? tc->sandclock_ms :
							      tc->side[s].period[0].base_ms;
		c->s[s].flag_t = -1;
	}
	return c;
}

ARB_API void arb_clock_free(arb_clock *c)
{
	free(c);
}

static int bad_side(arb_color side)
{
	return side != ARB_WHITE && side != ARB_BLACK;
}

static int bad_time(const arb_clock *c, long t)
{
	return !c || t < 0 || t < c->last_t;
}

static void begin_move(arb_clock *c, int side, long t)
{
	const arb_period *pd = cur_period(c, side);
	c->running = c->to_move = side;
	c->since = c->move_start = t;
	c->move_run = 0;
	c->delay_left =
		c->tc.kind == ARB_TC_PERIODS && pd->delay == ARB_DELAY_SIMPLE ? pd->delay_ms : 0;
}

ARB_API arb_status arb_clock_start(arb_clock *c, long t)
{
	arbI_api_check(c, ARB_E_ARGUMENT);
	if (bad_time(c, t) || c->started)
		return ARB_E_ARGUMENT;
	c->started = 1;
	c->last_t = t;
	begin_move(c, c->to_move, t);
	return ARB_OK;
}

ARB_API arb_status arb_clock_press(arb_clock *c, long t)
{
	arbI_api_check(c, ARB_E_ARGUMENT);
	if (bad_time(c, t) || c->running < 0)
		return ARB_E_ARGUMENT;
	settle(c, t);
	int r = c->running;
	side_clock *sc = &c->s[r];
	const arb_period *pd = cur_period(c, r);
	sc->moves++;
	sc->period_moves++;
	if (c->tc.kind == ARB_TC_PERIODS) {
		/* The flag first: a side whose time ran out during this move gets
		 * nothing back. */
		if (sc->main > 0 && !(sc->flag_t >= 0 && sc->flag_t >= c->move_start)) {
			if (pd->delay == ARB_DELAY_BRONSTEIN)
				sc->main += c->move_run < pd->delay_ms ? c->move_run : pd->delay_ms;
			if (pd->increment_ms && sc->moves >= pd->increment_from)
				sc->main += pd->increment_ms;
			if (sc->main > TC_MAX_MS)
				sc->main = TC_MAX_MS;
		}
		if (c->mode == ARB_PERIOD_BY_MOVES && pd->moves && sc->period_moves >= pd->moves)
			next_period(c, r);
	}
	c->last_t = t;
	begin_move(c, r ^ 1, t);
	return ARB_OK;
}

ARB_API arb_status arb_clock_stop(arb_clock *c, long t)
{
	arbI_api_check(c, ARB_E_ARGUMENT);
	if (bad_time(c, t) || c->running < 0)
		return ARB_E_ARGUMENT;
	settle(c, t);
	c->running = -1;
	c->last_t = t;
	return ARB_OK;
}

ARB_API arb_status arb_clock_resume(arb_clock *c, long t)
{
	arbI_api_check(c, ARB_E_ARGUMENT);
	if (bad_time(c, t) || !c->started || c->running >= 0)
		return ARB_E_ARGUMENT;
	c->running = c->to_move;
	c->since = t;
	c->last_t = t;
	return ARB_OK;
}

ARB_API arb_status arb_clock_set_turn(arb_clock *c, arb_color side, long t)
{
	arbI_api_check(c && !bad_side(side), ARB_E_ARGUMENT);
	if (bad_time(c, t) || bad_side(side))
		return ARB_E_ARGUMENT;
	settle(c, t);
	if (c->running >= 0)
		begin_move(c, side, t);
	else
		c->to_move = side;
	c->last_t = t;
	return ARB_OK;
}

ARB_API arb_status arb_clock_set_moves(arb_clock *c, arb_color side, int moves, long t)
{
	arbI_api_check(c && !bad_side(side), ARB_E_ARGUMENT);
	if (bad_time(c, t) || bad_side(side) || moves < 0 || moves > 100000)
		return ARB_E_ARGUMENT;
	settle(c, t);
	side_clock *sc = &c->s[side];
	sc->moves = moves;
	sc->period = sc->period_moves = 0;
	if (c->tc.kind == ARB_TC_PERIODS) {
		/* the period those moves reach by move count; no time changes */
		sc->period = arbI_tc_period_after(&c->tc.side[side], moves, &sc->period_moves);
	}
	c->last_t = t;
	return ARB_OK;
}

ARB_API arb_status arb_clock_add(arb_clock *c, arb_color side, long delta_ms, long t)
{
	arbI_api_check(c && !bad_side(side), ARB_E_ARGUMENT);
	if (bad_time(c, t) || bad_side(side) || delta_ms > TC_MAX_MS || delta_ms < -TC_MAX_MS)
		return ARB_E_ARGUMENT;
	settle(c, t);
	side_clock *sc = &c->s[side];
	sc->main += delta_ms;
	if (sc->main > TC_MAX_MS)
		sc->main = TC_MAX_MS;
	if (sc->main <= 0) {
		sc->main = 0;
		fall(sc, t);
	}
	c->last_t = t;
	return ARB_OK;
}

ARB_API long arb_clock_halve(arb_clock *c, arb_color side, long cap_ms, long t)
{
	arbI_api_check(c && !bad_side(side), -1);
	if (bad_time(c, t) || bad_side(side) || cap_ms < 0)
		return -1;
	settle(c, t);
	side_clock *sc = &c->s[side];
	long d = sc->main / 2 < cap_ms ? sc->main / 2 : cap_ms;
	sc->main -= d;
	c->last_t = t;
	return d;
}

ARB_API arb_status arb_clock_set(arb_clock *c, arb_color side, long ms, long t)
{
	arbI_api_check(c && !bad_side(side), ARB_E_ARGUMENT);
	if (bad_time(c, t) || bad_side(side) || ms < 0 || ms > TC_MAX_MS)
		return ARB_E_ARGUMENT;
	settle(c, t);
	side_clock *sc = &c->s[side];
	sc->main = ms;
	if (ms > 0)
		sc->flag_t = -1;
	else
		fall(sc, t);
	c->last_t = t;
	return ARB_OK;
}

/* A copy of c brought to time t, for the read-only queries. */
static int peek(const arb_clock *c, long t, arb_clock *out)
{
	if (bad_time(c, t))
		return 0;
	*out = *c;
	settle(out, t);
	return 1;
}

ARB_API long arb_clock_remaining(const arb_clock *c, arb_color side, long t)
{
	arb_clock k;
	arbI_api_check(c && !bad_side(side), -1);
	if (bad_side(side) || !peek(c, t, &k))
		return -1;
	return k.s[side].main;
}

ARB_API long arb_clock_delay_left(const arb_clock *c, long t)
{
	arb_clock k;
	arbI_api_check(c, -1);
	if (!peek(c, t, &k))
		return -1;
	return k.started && c->tc.kind == ARB_TC_PERIODS ? k.delay_left : 0;
}

ARB_API int arb_clock_flags(const arb_clock *c, long t, arb_color *first, long *when)
{
	arb_clock k;
	arbI_api_check(c, -1);
	if (!peek(c, t, &k))
		return -1;
	long w = k.s[ARB_WHITE].flag_t, b = k.s[ARB_BLACK].flag_t;
	int n = (w >= 0) + (b >= 0);
	if (n) {
		int f = w >= 0 && (b < 0 || w <= b) ? ARB_WHITE : ARB_BLACK;
		if (first)
			*first = (arb_color)f;
		if (when)
			*when = k.s[f].flag_t;
	}
	return n;
}

ARB_API long arb_clock_flag_time(const arb_clock *c, arb_color side, long t)
{
	arb_clock k;
	arbI_api_check(c && !bad_side(side), -2);
	if (bad_side(side) || !peek(c, t, &k))
		return -2;
	return k.s[side].flag_t;
}

ARB_API int arb_clock_running(const arb_clock *c)
{
	arbI_api_check(c, -1);
	return c->running;
}

ARB_API int arb_clock_moves(const arb_clock *c, arb_color side)
{
	arbI_api_check(c && !bad_side(side), 0);
	return c->s[side].moves;
}

ARB_API int arb_clock_period(const arb_clock *c, arb_color side)
{
	arbI_api_check(c && !bad_side(side), 0);
	return c->s[side].period;
}
