/*
 * fuzz_timecontrol.c -- libFuzzer target for the time-control parser and
 * printer and for the clock state machine.
 *
 * The input up to its first NUL byte (at most TEXT_MAX - 1 bytes) is a time
 * control. A refused text must give ARB_E_TIME_CONTROL with a message and a
 * column inside the text, and leave the control untouched. An accepted one
 * must print in every notation within ARB_TC_MAX (a short buffer truncates
 * to the same length, NUL-terminated), its PGN and TRF forms (and its US
 * Chess form, when there is one) must read back as an equal control, and it
 * must have a category under every edition and a US Chess default delay
 * among 0, 2, 3 and 5 s.
 *
 * A timed control then drives a clock in both period modes: every input
 * byte (the bytes after a NUL too) advances the time and picks an operation
 * (press most often, stop and resume, add, halve, set, set the side to move
 * or a side's move count, a press at the very millisecond the flag falls).
 * After each one: no negative time, flags and flag times consistent and
 * never in the future, a query or a press before the last operation refused
 * without changing anything, move counts and periods never going back (but
 * by arb_clock_set_moves). Any violation traps.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define TEXT_MAX 1024 /* longer than the parser's own US Chess limit (512) */
#define INPUT_MAX 4096

/* A failed check names itself, then traps (libFuzzer reports a crash). */
#define CHECK(cond)                                    \
	do {                                           \
		if (!(cond))                           \
			check_failed(__LINE__, #cond); \
	} while (0)

static __attribute__((noinline, noreturn)) void check_failed(int line, const char *what)
{
	fprintf(stderr, "fuzz_timecontrol.c:%d: check failed: %s\n", line, what);
	__builtin_trap();
}

static const arb_tc_notation notations[] = {ARB_TC_PGN, ARB_TC_TRF, ARB_TC_USCF, ARB_TC_TEXT};

static const char *const editions[] = {"fide1997", "fide2009", "fide2014", "fide2018",
				       "fide2023", "uscf",     "online"};

/* Every category arbiter.h documents, by edition family. */
static const char *const fide_categories[] = {"standard", "rapid",   "blitz",
					      "none",     "unknown", NULL};
static const char *const uscf_categories[] = {"regular", "dual", "quick",   "blitz",
					      "unrated", "none", "unknown", NULL};
static const char *const online_categories[] = {
	"ultrabullet", "ultraBullet",    "bullet", "blitz",   "rapid",
	"classical",   "correspondence", "none",   "unknown", NULL};

static int one_of(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return 1;
	return 0;
}

/* The control read back from one of its printed forms must be equal. */
static void check_reads_back(const arb_time_control *tc, const char *text)
{
	arb_time_control back;
	arb_error err;
	CHECK(arb_tc_parse(text, &back, &err) == ARB_OK);
	CHECK(arb_tc_equal(tc, &back));
	CHECK(arb_tc_equal(&back, tc));
}

static void check_format(const arb_time_control *tc)
{
	for (size_t k = 0; k < sizeof notations / sizeof notations[0]; k++) {
		char big[ARB_TC_MAX];
		size_t len = arb_tc_format(tc, notations[k], big, sizeof big);
		CHECK(len < ARB_TC_MAX);
		CHECK(memchr(big, 0, sizeof big) && strlen(big) == len);
		/* Short buffers (allocated to size, so that ASan sees any byte
		 * written past them): truncated, NUL-terminated, same length. */
		static const size_t small[] = {1, 5};
		for (size_t j = 0; j < 2; j++) {
			size_t n = small[j];
			char *s = malloc(n);
			CHECK(s);
			memset(s, 'x', n);
			CHECK(arb_tc_format(tc, notations[k], s, n) == len);
			char *nul = memchr(s, 0, n);
			CHECK(nul);
			size_t kept = (size_t)(nul - s);
			CHECK(kept == (len < n - 1 ? len : n - 1));
			CHECK(!memcmp(s, big, kept));
			free(s);
		}
		/* PGN and TRF express every control; US Chess some ("" else). */
		if (notations[k] == ARB_TC_PGN || notations[k] == ARB_TC_TRF) {
			CHECK(len > 0);
			check_reads_back(tc, big);
		} else if (notations[k] == ARB_TC_USCF && len > 0) {
			check_reads_back(tc, big);
		}
	}
}

static void check_categories(const arb_time_control *tc)
{
	for (size_t k = 0; k < sizeof editions / sizeof editions[0]; k++) {
		const char *cat = arb_tc_category(tc, editions[k]);
		CHECK(cat);
		const char *const *list = !strcmp(editions[k], "uscf")   ? uscf_categories :
					  !strcmp(editions[k], "online") ? online_categories :
									   fide_categories;
		CHECK(one_of(cat, list));
	}
	CHECK(arb_tc_category(tc, "bogus") == NULL);
	long d = arb_tc_uscf_default_delay(tc);
	CHECK(d == 0 || d == 2000 || d == 3000 || d == 5000);
	if (tc->delay_stated || tc->kind == ARB_TC_UNKNOWN || tc->kind == ARB_TC_NONE)
		CHECK(d == 0);
}

/* ------------------------------------------------------------------------
 * The clock
 * ---------------------------------------------------------------------- */

typedef struct driver {
	arb_clock *c;
	long t;       /* now: never before any operation tried */
	long last_ok; /* time of the last operation that succeeded */
	long max_delay;
	int moves[2], period[2];
	int to_move; /* the side whose clock ran last */
	arb_transition mode;
} driver;

/* What must not change when an operation is refused. */
typedef struct snapshot {
	long remaining[2], flag_time[2], delay_left;
	int running, moves[2], period[2], flags;
} snapshot;

static void take(const driver *d, snapshot *s)
{
	for (int side = 0; side < 2; side++) {
		s->remaining[side] = arb_clock_remaining(d->c, (arb_color)side, d->t);
		s->flag_time[side] = arb_clock_flag_time(d->c, (arb_color)side, d->t);
		s->moves[side] = arb_clock_moves(d->c, (arb_color)side);
		s->period[side] = arb_clock_period(d->c, (arb_color)side);
	}
	s->delay_left = arb_clock_delay_left(d->c, d->t);
	s->running = arb_clock_running(d->c);
	s->flags = arb_clock_flags(d->c, d->t, NULL, NULL);
}

/* A side's period after an operation that is not a move: the same, but by
 * flag the running side's may have moved on when its time ran out (the
 * period index is as of the last operation; it takes no time). */
static int same_period(const driver *d, const snapshot *before, const snapshot *after, int side)
{
	if (d->mode == ARB_PERIOD_BY_FLAG && before->running == side)
		return after->period[side] >= before->period[side];
	return after->period[side] == before->period[side];
}

static void check_same(const snapshot *a, const snapshot *b)
{
	for (int side = 0; side < 2; side++) {
		CHECK(a->remaining[side] == b->remaining[side]);
		CHECK(a->flag_time[side] == b->flag_time[side]);
		CHECK(a->moves[side] == b->moves[side]);
		CHECK(a->period[side] == b->period[side]);
	}
	CHECK(a->delay_left == b->delay_left);
	CHECK(a->running == b->running);
	CHECK(a->flags == b->flags);
}

static void check_clock(driver *d)
{
	long t = d->t;
	long ft[2];
	for (int side = 0; side < 2; side++) {
		CHECK(arb_clock_remaining(d->c, (arb_color)side, t) >= 0);
		ft[side] = arb_clock_flag_time(d->c, (arb_color)side, t);
		CHECK(ft[side] == -1 || (ft[side] >= 0 && ft[side] <= t));
		int m = arb_clock_moves(d->c, (arb_color)side);
		CHECK(m >= d->moves[side]);
		d->moves[side] = m;
		int p = arb_clock_period(d->c, (arb_color)side);
		CHECK(p >= 0 && p >= d->period[side]);
		d->period[side] = p;
	}
	long dl = arb_clock_delay_left(d->c, t);
	CHECK(dl >= 0 && dl <= d->max_delay);
	int r = arb_clock_running(d->c);
	CHECK(r >= -1 && r <= 1);
	if (r >= 0)
		d->to_move = r;

	arb_color first = ARB_BLACK;
	long when = -2;
	int n = arb_clock_flags(d->c, t, &first, &when);
	CHECK(n >= 0 && n <= 2);
	CHECK(n == (ft[0] >= 0) + (ft[1] >= 0));
	if (n > 0) {
		CHECK(first == ARB_WHITE || first == ARB_BLACK);
		CHECK(when >= 0 && when <= t);
		CHECK(when == arb_clock_flag_time(d->c, first, t));
		CHECK(when <= ft[first ^ 1] || ft[first ^ 1] < 0);
	}

	/* Before the last operation: queries and a press are refused. */
	long early = d->last_ok - 1;
	snapshot before, after;
	take(d, &before);
	for (int side = 0; side < 2; side++) {
		CHECK(arb_clock_remaining(d->c, (arb_color)side, early) == -1);
		CHECK(arb_clock_flag_time(d->c, (arb_color)side, early) == -2);
	}
	CHECK(arb_clock_flags(d->c, early, NULL, NULL) == -1);
	CHECK(arb_clock_delay_left(d->c, early) == -1);
	CHECK(arb_clock_press(d->c, early) == ARB_E_ARGUMENT);
	take(d, &after);
	check_same(&before, &after);
}

/* When the running side's main time will reach zero if no move is made
 * (its delay first), or -1 when no clock runs or its flag is down. */
static long flag_moment(const driver *d)
{
	int r = arb_clock_running(d->c);
	if (r < 0 || arb_clock_flag_time(d->c, (arb_color)r, d->t) != -1)
		return -1;
	return d->t + arb_clock_remaining(d->c, (arb_color)r, d->t) +
	       arb_clock_delay_left(d->c, d->t);
}

static void step(driver *d, uint8_t b)
{
	arb_color side = (b >> 4) & 1 ? ARB_BLACK : ARB_WHITE;
	int op = b % 16;
	long cap, rem, got;
	arb_status st;
	snapshot before, after;
	long fall = -1;
	int offset = (b >> 4) % 3 - 1;

	if (op == 11) { /* a press 1 ms before, at or 1 ms after the flag falls */
		fall = flag_moment(d);
		if (fall > d->t)
			d->t = fall + offset;
		else
			fall = -1;
	} else if (op != 14) {
		d->t += ((long)b * 997) % 400000;
	}
	take(d, &before);

	switch (op) {
	case 6: { /* the side to move changes, no move counted */
		int r = arb_clock_running(d->c);
		CHECK(arb_clock_set_turn(d->c, side, d->t) == ARB_OK);
		d->last_ok = d->t;
		CHECK(arb_clock_running(d->c) == (r < 0 ? -1 : (int)side));
		if (r < 0)
			d->to_move = side;
		take(d, &after);
		for (int s = 0; s < 2; s++) {
			/* A side started without main time falls at once (and by
			 * flag starts its next period): only then may it change. */
			if (r < 0 || s != (int)side || before.remaining[s] > 0)
				CHECK(after.remaining[s] == before.remaining[s]);
			CHECK(after.moves[s] == before.moves[s]);
			if (r < 0 || s != (int)side || before.remaining[s] > 0)
				CHECK(same_period(d, &before, &after, s));
		}
		break;
	}
	case 7:    /* stop, then resume a little later */
	case 12:   /* stop only */
	case 13: { /* resume only */
		int r = arb_clock_running(d->c);
		if (op != 13) {
			st = arb_clock_stop(d->c, d->t);
			CHECK(st == ARB_OK || st == ARB_E_ARGUMENT);
			if (st == ARB_OK) {
				CHECK(arb_clock_running(d->c) == -1);
				for (int s = 0; s < 2; s++)
					CHECK(arb_clock_remaining(d->c, (arb_color)s, d->t) ==
					      before.remaining[s]);
				d->last_ok = d->t;
			} else {
				take(d, &after);
				check_same(&before, &after);
			}
			if (op == 12)
				break;
			check_clock(d);
			d->t += ((long)b * 13) % 5000;
		}
		int was = arb_clock_running(d->c);
		st = arb_clock_resume(d->c, d->t);
		CHECK(st == ARB_OK || st == ARB_E_ARGUMENT);
		if (st == ARB_OK) {
			CHECK(was == -1);
			CHECK(arb_clock_running(d->c) == d->to_move);
			if (op == 7 && r >= 0)
				CHECK(arb_clock_running(d->c) == r);
			d->last_ok = d->t;
		}
		break;
	}
	case 8: { /* add or deduct up to a minute */
		long delta = ((long)b * 7919) % 120001 - 60000;
		rem = arb_clock_remaining(d->c, side, d->t);
		st = arb_clock_add(d->c, side, delta, d->t);
		CHECK(st == ARB_OK);
		d->last_ok = d->t;
		long now = arb_clock_remaining(d->c, side, d->t);
		if (rem + delta <= 0) {
			CHECK(now == 0);
			long ft = arb_clock_flag_time(d->c, side, d->t);
			CHECK(ft >= 0 && ft <= d->t);
		} else {
			CHECK(now > 0 && now <= rem + delta);
		}
		break;
	}
	case 9: /* halve, at most cap */
		cap = ((long)b * 1000) % 90001;
		rem = arb_clock_remaining(d->c, side, d->t);
		got = arb_clock_halve(d->c, side, cap, d->t);
		CHECK(got >= 0 && got <= cap && got <= (rem + 1) / 2);
		CHECK(arb_clock_remaining(d->c, side, d->t) == rem - got);
		d->last_ok = d->t;
		break;
	case 10: { /* set */
		long ms = b & 0x20 ? 0 : ((long)b * 4099) % 600000;
		st = arb_clock_set(d->c, side, ms, d->t);
		CHECK(st == ARB_OK);
		d->last_ok = d->t;
		CHECK(arb_clock_remaining(d->c, side, d->t) == ms);
		if (ms > 0)
			CHECK(arb_clock_flag_time(d->c, side, d->t) == -1);
		break;
	}
	case 15: { /* the moves completed by a side change: its period follows */
		int moves = (b >> 5) * 7;
		CHECK(arb_clock_set_moves(d->c, side, moves, d->t) == ARB_OK);
		d->last_ok = d->t;
		CHECK(arb_clock_moves(d->c, side) == moves);
		d->moves[side] = moves;
		d->period[side] = arb_clock_period(d->c, side);
		take(d, &after);
		for (int s = 0; s < 2; s++)
			CHECK(after.remaining[s] == before.remaining[s]);
		CHECK(after.moves[side ^ 1] == before.moves[side ^ 1]);
		CHECK(same_period(d, &before, &after, side ^ 1));
		break;
	}
	default: { /* press: 0..5, 11 (at the flag), 14 (same millisecond) */
		int r = arb_clock_running(d->c);
		st = arb_clock_press(d->c, d->t);
		if (r < 0) {
			CHECK(st == ARB_E_ARGUMENT);
			take(d, &after);
			check_same(&before, &after);
		} else {
			CHECK(st == ARB_OK);
			CHECK(arb_clock_moves(d->c, (arb_color)r) == before.moves[r] + 1);
			CHECK(arb_clock_moves(d->c, (arb_color)(r ^ 1)) == before.moves[r ^ 1]);
			CHECK(arb_clock_running(d->c) == (r ^ 1));
			d->last_ok = d->t;
			/* By moves, a press at the very millisecond the time
			 * reaches zero is too late, one before is in time. */
			if (fall > 0 && d->mode == ARB_PERIOD_BY_MOVES) {
				long ft = arb_clock_flag_time(d->c, (arb_color)r, d->t);
				CHECK(offset < 0 ? ft == -1 : ft == fall);
			}
		}
		break;
	}
	}
	check_clock(d);
}

static long max_delay(const arb_time_control *tc)
{
	long m = 0;
	if (tc->kind == ARB_TC_PERIODS)
		for (int s = 0; s < 2; s++)
			for (int i = 0; i < tc->side[s].nperiods; i++)
				if (tc->side[s].period[i].delay_ms > m)
					m = tc->side[s].period[i].delay_ms;
	return m;
}

static void run_clock(const arb_time_control *tc, arb_transition mode, const uint8_t *data,
		      size_t size)
{
	arb_clock *c = arb_clock_new(tc, mode);
	if (tc->kind == ARB_TC_UNKNOWN || tc->kind == ARB_TC_NONE)
		CHECK(!c);
	if (!c)
		return;
	driver d = {c, 0, 0, max_delay(tc), {0, 0}, {0, 0}, ARB_WHITE, mode};
	for (int side = 0; side < 2; side++) {
		long want = tc->kind == ARB_TC_SANDCLOCK ? tc->sandclock_ms :
							   tc->side[side].period[0].base_ms;
		CHECK(arb_clock_remaining(c, (arb_color)side, 0) == want);
	}
	CHECK(arb_clock_running(c) == -1);
	CHECK(arb_clock_press(c, 0) == ARB_E_ARGUMENT);
	CHECK(arb_clock_start(c, 0) == ARB_OK);
	CHECK(arb_clock_running(c) == ARB_WHITE);
	CHECK(arb_clock_start(c, 0) == ARB_E_ARGUMENT);
	check_clock(&d);
	for (size_t i = 0; i < size; i++)
		step(&d, data[i]);
	arb_clock_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > INPUT_MAX)
		return 0;
	char text[TEXT_MAX];
	size_t len = size < TEXT_MAX - 1 ? size : TEXT_MAX - 1;
	memcpy(text, data, len);
	text[len] = 0;
	len = strlen(text);

	arb_time_control tc, untouched;
	arb_error err;
	memset(&tc, 0xa5, sizeof tc);
	memcpy(&untouched, &tc, sizeof tc);
	memset(&err, 0, sizeof err);
	arb_status st = arb_tc_parse(text, &tc, &err);
	CHECK(st == ARB_OK || st == ARB_E_TIME_CONTROL);
	if (st != ARB_OK) {
		CHECK(err.code == st);
		CHECK(memchr(err.message, 0, sizeof err.message) && err.message[0]);
		CHECK(err.column >= 1 && (size_t)err.column <= len + 1);
		CHECK(!memcmp(&tc, &untouched, sizeof tc));
		return 0;
	}
	CHECK(tc.kind >= ARB_TC_UNKNOWN && tc.kind <= ARB_TC_SANDCLOCK);
	if (tc.kind == ARB_TC_PERIODS)
		for (int s = 0; s < 2; s++)
			CHECK(tc.side[s].nperiods >= 1 &&
			      tc.side[s].nperiods <= ARB_TC_MAX_PERIODS);
	CHECK(arb_tc_equal(&tc, &tc));
	check_format(&tc);
	check_categories(&tc);
	run_clock(&tc, ARB_PERIOD_BY_MOVES, data, size);
	run_clock(&tc, ARB_PERIOD_BY_FLAG, data, size);
	return 0;
}
