/*
 * fuzz_events.c -- libFuzzer target for game event logs: the token parser,
 * the game under arbitrary rules, and the PGN comment commands.
 *
 * Input: a first line of rule bytes (each byte picks the value of the next
 * field of the rules table: an enum word, a flag, or one of a few integers),
 * an optional second line "FEN:..." for the start, then event tokens. Each
 * token is parsed; a refused token must give ARB_E_EVENT with a column
 * inside it, an accepted one must print back to a token that parses to the
 * same event. Accepted events are fed to the game: a refused event must not
 * change the counts of events, decisions and plies; an ended game stays
 * ended with the same result. At the end the result strings are terminated,
 * and the game written as PGN (arb_game_to_record, arb_pgn_write) must read
 * back (arb_game_from_record) to the same result and decisions (but the
 * ignored moves fed after the end, which have no place in the movetext).
 * Any violation traps.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define CHECK(cond)                                    \
	do {                                           \
		if (!(cond))                           \
			check_failed(__LINE__, #cond); \
	} while (0)

static __attribute__((noinline, noreturn)) void check_failed(int line, const char *what)
{
	fprintf(stderr, "fuzz_events.c:%d: check failed: %s\n", line, what);
	__builtin_trap();
}

static void pick_rules(arb_rules *r, const uint8_t *b, size_t n)
{
	static const char *const ints[] = {"-1", "0", "1", "2", "3", "60", "120", "119999"};
	arb_rules_field f;
	arb_rules_init(r);
	/* Hooks are left out: they belong to the Lua layer's fuzzing. */
	for (int i = 0; (size_t)i < n && arb_rules_field_at(i, &f); i++) {
		const char *v = NULL;
		char num[16];
		int k;
		switch (f.type) {
		case ARB_RULES_ENUM:
			for (k = 0; f.words[k]; k++)
				;
			v = f.words[b[i] % k];
			break;
		case ARB_RULES_BOOL:
			v = b[i] & 1 ? "true" : "false";
			break;
		case ARB_RULES_INT:
			v = ints[b[i] % 8];
			if (b[i] % 8 == 0 && strcmp(f.name, "time.default_s") != 0)
				v = "0";
			if (atoi(v) < f.min) /* counts of moves and occurrences */
				v = f.min == 1 ? "1" : "2";
			if (atoi(v) > f.max) { /* bounded counts (time.category_moves) */
				snprintf(num, sizeof num, "%d", f.max);
				v = num;
			}
			break;
		case ARB_RULES_STRING:
			if (strcmp(f.name, "time.tc") == 0)
				v = b[i] % 3 == 0 ? "" :
				    b[i] % 3 == 1 ? "G/90" :
						    "40/5400+30:1800+30";
			break;
		}
		if (v)
			CHECK(arb_rules_set(r, f.name, v, NULL) == ARB_OK);
	}
	/* Paired counts in order, as arb_rules_check wants them. */
	if (r->fivefold_count < r->threefold_count)
		r->fivefold_count = r->threefold_count;
	if (r->seventyfive_moves < r->fifty_moves)
		r->seventyfive_moves = r->fifty_moves;
	CHECK(arb_rules_check(r, NULL) == ARB_OK);
}

static int write_mem(void *ctx, const char *buf, size_t n)
{
	char **out = ctx;
	size_t k = strlen(*out);
	char *p = realloc(*out, k + n + 1);
	if (!p)
		return 1;
	memcpy(p + k, buf, n);
	p[k + n] = '\0';
	*out = p;
	return 0;
}

typedef struct src {
	const char *s;
	size_t at, len;
} src;

static size_t read_mem(void *ctx, char *buf, size_t n)
{
	src *c = ctx;
	size_t k = c->len - c->at < n ? c->len - c->at : n;
	memcpy(buf, c->s + c->at, k);
	c->at += k;
	return k;
}

static int kept_decisions(const arb_game *g)
{
	int n = 0;
	for (int i = 0; i < arb_game_decision_count(g); i++)
		n += strcmp(arb_game_decision(g, i)->reason, "ignored") != 0;
	return n;
}

static void round_trip(const arb_game *g, const arb_rules *rules)
{
	arb_record *rec = arb_record_new();
	char *out = calloc(1, 1);
	arb_game_result a, b;
	if (!rec || !out)
		goto done;
	CHECK(arb_game_to_record(g, rec) == ARB_OK);
	CHECK(arb_pgn_write(rec, write_mem, &out) == ARB_OK);
	src c = {out, 0, strlen(out)};
	arb_pgn_reader *rd = arb_pgn_reader_new(read_mem, &c, "fuzz", 0);
	arb_record *back;
	arb_error err;
	CHECK(rd != NULL);
	CHECK(arb_pgn_next(rd, &back, &err) == ARB_OK && back);
	arb_game *g2 = arb_game_from_record(back, rules, &err);
	CHECK(g2 != NULL);
	arb_game_result_get(g, &a);
	arb_game_result_get(g2, &b);
	CHECK(strcmp(a.result, b.result) == 0);
	CHECK(strcmp(a.reason, b.reason) == 0);
	/* Moves fed after the end are not in the movetext: compare the
	 * decisions that are not ignored events. */
	CHECK(kept_decisions(g) == kept_decisions(g2));
	arb_game_free(g2);
	arb_pgn_reader_free(rd);
done:
	free(out);
	arb_record_free(rec);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[4096];
	size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
	memcpy(text, data, n);
	text[n] = '\0';
	char *line = strchr(text, '\n');
	if (!line)
		return 0;
	*line++ = '\0';
	arb_rules rules;
	pick_rules(&rules, (const uint8_t *)text, strlen(text));

	arb_position *start = NULL;
	if (strncmp(line, "FEN:", 4) == 0) {
		char *end = strchr(line, '\n');
		if (!end)
			return 0;
		*end = '\0';
		start = arb_position_new();
		if (!start || arb_position_set_fen(start, line + 4, 0, NULL) != ARB_OK) {
			arb_position_free(start);
			return 0;
		}
		line = end + 1;
	}
	arb_game *g = arb_game_new(&rules, start, NULL);
	arb_position_free(start);
	if (!g)
		return 0;
	int ended_before = 0;
	char result_before[8] = "";
	for (char *tok = strtok(line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
		arb_event ev, ev2;
		arb_error err;
		size_t len = strlen(tok);
		if (arb_event_parse(tok, len, &ev, &err) != ARB_OK) {
			CHECK(err.code == ARB_E_EVENT);
			CHECK(err.column >= 1 && (size_t)err.column <= len + 1);
			CHECK(err.message[0]);
			continue;
		}
		char back[128];
		arb_event_format(&ev, back, sizeof back);
		CHECK(arb_event_parse(back, strlen(back), &ev2, NULL) == ARB_OK);
		CHECK(ev2.kind == ev.kind && strcmp(ev2.move, ev.move) == 0);
		int nev = arb_game_event_count(g), ndec = arb_game_decision_count(g);
		int nply = arb_game_ply_count(g);
		arb_status st = arb_game_event(g, &ev, &err);
		if (st != ARB_OK) {
			CHECK(st == ARB_E_EVENT);
			CHECK(arb_game_event_count(g) == nev &&
			      arb_game_decision_count(g) == ndec && arb_game_ply_count(g) == nply);
		}
		arb_game_result r;
		arb_game_result_get(g, &r);
		CHECK(memchr(r.reason, 0, sizeof r.reason) && memchr(r.detail, 0, sizeof r.detail));
		if (ended_before)
			CHECK(arb_game_over(g) && strcmp(r.result, result_before) == 0);
		if (arb_game_over(g) && !ended_before) {
			ended_before = 1;
			memcpy(result_before, r.result, sizeof result_before);
		}
	}
	round_trip(g, &rules);
	arb_game_free(g);
	return 0;
}
