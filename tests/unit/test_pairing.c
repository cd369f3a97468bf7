/*
 * test_pairing.c -- a tournament's rounds as pairings (engine/pairing/
 * pairing.c).
 *
 * Round robins: every round of every round-robin tournament of
 * tests/data/tournaments/tiebreaks/ (single and double, odd fields with the
 * dummy's opponent given the pairing-allocated bye) is paired again by
 * arb_tournament_pair and compared with what the file says was played:
 * the same boards, the same colours, the same bye. The pairing check finds
 * nothing wrong with those rounds, and names each planted fault (a rematch,
 * a player twice, a player left out, a second pairing-allocated bye, three
 * Blacks running in a Swiss). External engines: answers in the JaVaFo
 * convention read back, with the round's known byes added, in the order of
 * the `.pairs` files of tests/data/tournaments/cases/; broken answers
 * refused with their line. Applying a pairing makes the round.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	ck_assert(buf);
	ck_assert_int_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static arb_tournament *load(const char *rel)
{
	char path[4096];
	size_t len;
	snprintf(path, sizeof path, "%s/%s", test_data_dir(), rel);
	char *text = slurp(path, &len);
	arb_tournament *t = NULL;
	arb_error err;
	arb_status st = arb_trf_read(text, len, rel, 0, &t, &err);
	free(text);
	ck_assert_msg(st == ARB_OK, "%s: %s", rel, err.message);
	return t;
}

typedef struct buf {
	char text[1 << 16];
	size_t len;
} buf;

static int to_buf(void *ctx, const char *s, size_t n)
{
	buf *b = ctx;
	if (b->len + n >= sizeof b->text)
		return -1;
	memcpy(b->text + b->len, s, n);
	b->len += n;
	b->text[b->len] = '\0';
	return 0;
}

/* A new tournament of `system` and `rounds` rounds with `players` players
 * "Player 1".. by id, player i rated top - step * i (0 0: unrated). */
static arb_tournament *event(const char *system, int rounds, int players, int top, int step)
{
	arb_tournament *t = arb_tournament_new();
	arb_tournament_info in;
	ck_assert_ptr_nonnull(t);
	arb_tournament_get_info(t, &in);
	snprintf(in.system, sizeof in.system, "%s", system);
	in.rounds = rounds;
	ck_assert_int_eq(arb_tournament_set_info(t, &in), ARB_OK);
	for (int i = 1; i <= players; i++) {
		arb_tournament_player pl;
		memset(&pl, 0, sizeof pl);
		snprintf(pl.name, sizeof pl.name, "Player %d", i);
		pl.rating = top - step * i;
		ck_assert_int_eq(arb_tournament_add_player(t, &pl, NULL), ARB_OK);
	}
	return t;
}

/* A writer that always fails. */
static int fail_write(void *ctx, const char *s, size_t n)
{
	(void)ctx;
	(void)s;
	(void)n;
	return -1;
}

/* What round r of t says was played, in the .pairs form (boards in the
 * order of the pairing, which a file does not keep: compared as sets). */
static int played_matches(const arb_tournament *t, int r, const arb_pairing *p, char *why, size_t n)
{
	for (int b = 0; b < arb_pairing_boards(p); b++) {
		arb_board bd;
		arb_tournament_cell c;
		arb_pairing_board(p, b, &bd);
		int i = arb_tournament_player_index(t, bd.white);
		ck_assert(arb_tournament_get_cell(t, i, r, &c) == ARB_OK);
		if (c.opponent != bd.black || c.color != 'w') {
			snprintf(why, n, "round %d: board %d-%d, the file has %d %c %c", r,
				 bd.white, bd.black, c.opponent, c.color, c.result);
			return 0;
		}
	}
	for (int k = 0; k < arb_pairing_byes(p); k++) {
		int id;
		char code;
		arb_tournament_cell c;
		arb_pairing_bye(p, k, &id, &code);
		ck_assert(arb_tournament_get_cell(t, arb_tournament_player_index(t, id), r, &c) ==
			  ARB_OK);
		if (c.opponent != 0 || c.result != code) {
			snprintf(why, n, "round %d: %d bye %c, the file has %d %c %c", r, id, code,
				 c.opponent, c.color, c.result);
			return 0;
		}
	}
	return 1;
}

START_TEST(round_robins)
{
	tsv_file idx;
	ck_assert_int_eq(tsv_load(NULL, "tournaments/tiebreaks/index.tsv", &idx), 0);
	int ccase = tsv_column(&idx, "case"), ckind = tsv_column(&idx, "kind");
	int files = 0, rounds = 0, boards = 0, byes = 0;
	for (int i = 0; i < idx.nrows; i++) {
		if (strcmp(tsv_get(&idx.rows[i], ckind), "swiss") == 0)
			continue;
		char rel[256];
		snprintf(rel, sizeof rel, "tournaments/tiebreaks/%s.trf",
			 tsv_get(&idx.rows[i], ccase));
		arb_tournament *t = load(rel);
		int played = arb_tournament_rounds_played(t);
		ck_assert_msg(played > 0, "%s", rel);
		for (int r = 1; r <= played; r++) {
			arb_pairing *p = NULL;
			arb_error err;
			char why[256];
			ck_assert_msg(arb_tournament_pair(t, r, 0, &p, &err) == ARB_OK, "%s: %s",
				      rel, err.message);
			ck_assert_msg(played_matches(t, r, p, why, sizeof why), "%s: %s", rel, why);
			arb_error probs[4];
			int np = arb_pairing_check(t, p, 0, probs, 4);
			ck_assert_msg(np == 0, "%s round %d: %s", rel, r,
				      np > 0 ? probs[0].message : "");
			boards += arb_pairing_boards(p);
			byes += arb_pairing_byes(p);
			rounds++;
			arb_pairing_free(p);
		}
		files++;
		arb_tournament_free(t);
	}
	tsv_free(&idx);
	printf("pairing: %d round robins, %d rounds, %d boards and %d byes as played\n", files,
	       rounds, boards, byes);
	ck_assert_int_eq(files, 10);
}
END_TEST

START_TEST(round_robin_refusals)
{
	arb_pairing *p = (arb_pairing *)1;
	arb_error err;
	arb_tournament *t = load("tournaments/tiebreaks/case-001.trf"); /* a Swiss, finished */
	arb_tournament_info info;
	ck_assert_int_eq(arb_tournament_pair(t, 0, 0, &p, &err), ARB_E_ARGUMENT);
	ck_assert_ptr_null(p);
	ck_assert(strstr(err.message, "round 8: the event has 7 rounds") != NULL);
	/* a system arbiter does not pair: an external engine's */
	ck_assert_int_eq(arb_tournament_get_info(t, &info), ARB_OK);
	snprintf(info.system, sizeof info.system, "FIDE_BURSTEIN");
	info.rounds = 9;
	ck_assert_int_eq(arb_tournament_set_info(t, &info), ARB_OK);
	ck_assert_int_eq(arb_tournament_pair(t, 0, 0, &p, &err), ARB_E_ARGUMENT);
	ck_assert(strstr(err.message, "external pairing engine") != NULL);
	/* (NULL arguments, rounds outside 0..ARB_TRF_ROUNDS_MAX: test_misuse.c) */
	arb_tournament_free(t);
	tsv_file idx;
	ck_assert_int_eq(tsv_load(NULL, "tournaments/tiebreaks/index.tsv", &idx), 0);
	for (int i = 0; i < idx.nrows; i++) {
		if (strcmp(tsv_get(&idx.rows[i], tsv_column(&idx, "kind")), "swiss") == 0)
			continue;
		char rel[256];
		snprintf(rel, sizeof rel, "tournaments/tiebreaks/%s.trf",
			 tsv_get(&idx.rows[i], tsv_column(&idx, "case")));
		t = load(rel);
		int played = arb_tournament_rounds_played(t);
		/* after the next round: refused */
		ck_assert_int_eq(arb_tournament_pair(t, played + 2, 0, &p, &err), ARB_E_ARGUMENT);
		ck_assert(strstr(err.message, "next is") != NULL);
		arb_tournament_free(t);
		break;
	}
	tsv_free(&idx);
}
END_TEST

/* The engine answers of a few cases: the .pairs file turned into the
 * JaVaFo form (pairs count, "W B", "ID 0"), read back to the same .pairs. */
START_TEST(engine_answers)
{
	tsv_file idx;
	ck_assert_int_eq(tsv_load(NULL, "tournaments/cases/index.tsv", &idx), 0);
	int cfile = tsv_column(&idx, "file");
	int checked = 0;
	for (int k = 0; k < idx.nrows; k++) {
		char rel[256], path[4096], stem[128];
		size_t len;
		snprintf(stem, sizeof stem, "%s", tsv_get(&idx.rows[k], cfile));
		char *dot = strrchr(stem, '.');
		if (dot)
			*dot = '\0';
		snprintf(rel, sizeof rel, "tournaments/cases/%s.trf", stem);
		snprintf(path, sizeof path, "%s/tournaments/cases/%s.pairs", test_data_dir(), stem);
		arb_tournament *t = load(rel);
		char *want = slurp(path, &len);
		/* the JaVaFo answer: boards and the U bye */
		char answer[1 << 16];
		size_t alen = 0;
		int pairs = 0;
		char *copy = strdup(want), *save = NULL, body[1 << 16];
		size_t blen = 0;
		for (char *line = strtok_r(copy, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			int a, b;
			char code;
			if (sscanf(line, "%d bye %c", &a, &code) == 2) {
				if (code == 'U') {
					blen += (size_t)snprintf(body + blen, sizeof body - blen,
								 "%d 0\r\n", a);
					pairs++;
				}
			} else if (sscanf(line, "%d %d", &a, &b) == 2) {
				blen += (size_t)snprintf(body + blen, sizeof body - blen,
							 "%d %d\r\n", a, b);
				pairs++;
			}
		}
		free(copy);
		alen = (size_t)snprintf(answer, sizeof answer, "%d\r\n%s", pairs, body);
		arb_pairing *p = NULL;
		arb_error err;
		ck_assert_msg(arb_pairing_from_engine(t, 0, answer, alen, &p, &err) == ARB_OK,
			      "%s: %s", rel, err.message);
		buf out = {"", 0};
		ck_assert(arb_pairing_write(p, to_buf, &out) == ARB_OK);
		ck_assert_msg(strcmp(out.text, want) == 0, "%s: got\n%s\nwant\n%s", rel, out.text,
			      want);
		/* an engine's pairing is checked clean */
		arb_error probs[8];
		int np = arb_pairing_check(t, p, 0, probs, 8);
		ck_assert_msg(np == 0, "%s: %s", rel, np > 0 ? probs[0].message : "");
		/* applied, the round is paired */
		int before = arb_tournament_rounds_played(t);
		ck_assert(arb_tournament_apply_pairing(t, p) == ARB_OK);
		ck_assert_int_eq(arb_tournament_rounds_played(t), before + 1);
		arb_pairing_free(p);
		arb_tournament_free(t);
		free(want);
		checked++;
	}
	printf("pairing: %d engine answers read back to their .pairs\n", checked);
	ck_assert_int_eq(checked, idx.nrows);
	tsv_free(&idx);
}
END_TEST

START_TEST(engine_errors)
{
	static const struct {
		const char *answer, *fragment;
	} bad[] = {
		{"", "empty"},
		{"x\n", "number of pairs"},
		{"2\n1 2\n", "cut short"},
		{"1\n1 2\n3 4\n", "more pairs"},
		{"2\n1 2\n2 3\n", "paired twice"},
		{"1\n1 9999\n", "no player"},
		{"1\n1 two\n", "not a pair"},
		{"2\n1 0\n2 0\n", "second pairing-allocated bye"},
		{"1\n3 3\n", "paired twice"},
	};
	arb_tournament *t = load("tournaments/tiebreaks/case-001.trf");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		arb_pairing *p = (arb_pairing *)1;
		arb_error err;
		memset(&err, 0, sizeof err);
		arb_status st = arb_pairing_from_engine(t, 0, bad[i].answer, strlen(bad[i].answer),
							&p, &err);
		ck_assert_msg(st == ARB_E_PAIRING, "'%s': %s", bad[i].answer, arb_status_name(st));
		ck_assert_ptr_null(p);
		ck_assert_msg(strstr(err.message, bad[i].fragment) != NULL, "'%s': %s",
			      bad[i].answer, err.message);
	}
	arb_tournament_free(t);
}
END_TEST

/* Planted faults in round 2 of a Swiss, each named. */
START_TEST(check_faults)
{
	/* a finished Swiss: its next round is 8 */
	arb_tournament *t = load("tournaments/tiebreaks/case-001.trf");
	arb_tournament_cell c;
	arb_tournament_player a;
	arb_tournament_get_player(t, 0, &a);
	ck_assert(arb_tournament_get_cell(t, 0, 2, &c) == ARB_OK);
	ck_assert_int_gt(c.opponent, 0);
	/* player 1 and his round-2 opponent again, everyone else left out */
	char answer[256];
	int len = snprintf(answer, sizeof answer, "1\n%d %d\n", a.id, c.opponent);
	arb_pairing *p = NULL;
	arb_error err;
	ck_assert_msg(arb_pairing_from_engine(t, 0, answer, (size_t)len, &p, &err) == ARB_OK, "%s",
		      err.message);
	arb_error probs[64];
	int np = arb_pairing_check(t, p, 0, probs, 64);
	int rematch = 0, left_out = 0;
	for (int i = 0; i < np && i < 64; i++) {
		rematch |= strstr(probs[i].message, "no rematch") != NULL;
		left_out |= strstr(probs[i].message, "neither paired") != NULL;
		ck_assert_int_eq(probs[i].code, ARB_E_PAIRING);
	}
	ck_assert(rematch);
	ck_assert(left_out);
	ck_assert_int_eq(arb_pairing_check(t, p, 0, NULL, 0), np); /* counted without room */
	ck_assert_int_eq(arb_pairing_check(t, p, 0, NULL, 5), np); /* no array: counted */
	arb_pairing_free(p);
	/* a second pairing-allocated bye: whoever had the U before */
	int had = 0;
	for (int i = 0; i < arb_tournament_player_count(t) && !had; i++)
		for (int r = 1; r <= arb_tournament_rounds_played(t); r++)
			if (arb_tournament_get_cell(t, i, r, &c) == ARB_OK && c.result == 'U') {
				arb_tournament_player pl;
				arb_tournament_get_player(t, i, &pl);
				had = pl.id;
				break;
			}
	ck_assert_int_gt(had, 0);
	len = snprintf(answer, sizeof answer, "1\n%d 0\n", had);
	ck_assert(arb_pairing_from_engine(t, 0, answer, (size_t)len, &p, &err) == ARB_OK);
	np = arb_pairing_check(t, p, 0, probs, 64);
	int second = 0;
	for (int i = 0; i < np && i < 64; i++)
		second |= strstr(probs[i].message, "no second pairing-allocated bye") != NULL;
	ck_assert(second);
	arb_pairing_free(p);
	arb_tournament_free(t);
}
END_TEST

/* Withdrawals and prohibited pairings: a 6-player round robin of 5 rounds
 * made from nothing; round 1 paired; player 3 withdrawn for good from round
 * 3, player 5 from round 2 only; refusals; the round robin's forfeits; the
 * 260 record written in both dialects, read back, and checked. */
START_TEST(withdrawals_and_prohibited)
{
	arb_tournament *t = event("FIDE_ROUNDROBIN", 5, 6, 0, 0);
	arb_tournament_info in;
	arb_pairing *p = NULL;
	arb_error err;
	arb_tournament_cell c;
	ck_assert_int_eq(arb_tournament_pair(t, 0, 0, &p, &err), ARB_OK);
	ck_assert_int_eq(arb_tournament_apply_pairing(t, p), ARB_OK);
	arb_pairing_free(p);
	/* refused: a game in round 1, an unknown player, rounds out of order or
	 * past the last */
	ck_assert_int_eq(arb_tournament_withdraw(t, 3, 1, 0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_withdraw(t, 9, 2, 0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_withdraw(t, 3, 3, 2), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_withdraw(t, 3, 6, 0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_withdraw(t, 3, 0, 0), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_withdrawn(t, 3, 0), 0);
	ck_assert_int_eq(arb_tournament_withdraw(t, 3, 3, 0), ARB_OK);
	ck_assert_int_eq(arb_tournament_withdraw(t, 5, 2, 2), ARB_OK);
	ck_assert_int_eq(arb_tournament_withdrawn(t, 3, 2), 0);
	ck_assert_int_eq(arb_tournament_withdrawn(t, 3, 3), 2);
	ck_assert_int_eq(arb_tournament_withdrawn(t, 3, 0), 2);
	ck_assert_int_eq(arb_tournament_withdrawn(t, 5, 2), 1);
	ck_assert_int_eq(arb_tournament_withdrawn(t, 5, 3), 0);
	ck_assert_int_eq(arb_tournament_withdrawn(t, 5, 0), 1);
	ck_assert_int_eq(arb_tournament_withdrawn(t, 77, 2), 0);
	int from = 0, to = -1;
	ck_assert_int_eq(arb_tournament_withdrawal(t, 3, 0, &from, &to), 1);
	ck_assert(from == 3 && to == 0);
	ck_assert_int_eq(arb_tournament_withdrawal(t, 3, 1, &from, &to), 0);
	/* a second temporary range next to the first merges with it */
	ck_assert_int_eq(arb_tournament_withdraw(t, 5, 3, 3), ARB_OK);
	ck_assert_int_eq(arb_tournament_withdrawal(t, 5, 0, &from, &to), 1);
	ck_assert(from == 2 && to == 3);
	ck_assert_int_eq(arb_tournament_withdrawal(t, 5, 1, NULL, NULL), 0);
	for (int r = 3; r <= 5; r++) {
		ck_assert_int_eq(arb_tournament_get_cell(t, 2, r, &c), ARB_OK);
		ck_assert(c.opponent == 0 && c.result == 'Z');
	}
	/* round 2 of the table: 5's board a forfeit for him */
	ck_assert_int_eq(arb_tournament_pair(t, 0, 0, &p, &err), ARB_OK);
	int forfeits = 0;
	for (int b = 0; b < arb_pairing_boards(p); b++) {
		arb_board bd;
		char w, k;
		arb_pairing_board(p, b, &bd);
		ck_assert_int_eq(arb_pairing_board_result(p, b, &w, &k), ARB_OK);
		if (bd.white == 5 || bd.black == 5) {
			ck_assert_int_eq(bd.white == 5 ? w : k, '-');
			ck_assert_int_eq(bd.white == 5 ? k : w, '+');
			forfeits++;
		} else {
			ck_assert(w == ' ' && k == ' ');
		}
	}
	ck_assert_int_eq(forfeits, 1);
	ck_assert_int_eq(arb_pairing_check(t, p, 0, NULL, 0), 0);
	ck_assert_int_eq(arb_tournament_apply_pairing(t, p), ARB_OK);
	arb_pairing_free(p);
	ck_assert_int_eq(arb_tournament_get_cell(t, 4, 2, &c), ARB_OK);
	ck_assert(c.opponent != 0 && c.result == '-');
	/* prohibited pairings: refusals, then 1 and 2 (and 6) for rounds 3-5 */
	int ids[3] = {1, 2, 6}, bad[2] = {1, 1}, unknown[2] = {1, 42};
	ck_assert_int_eq(arb_tournament_prohibited_add(t, 1, 5, ids, 1), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_prohibited_add(t, 1, 5, bad, 2), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_prohibited_add(t, 1, 5, unknown, 2), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_prohibited_add(t, 4, 3, ids, 2), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_prohibited_add(t, 0, 3, ids, 2), ARB_E_ARGUMENT);
	ck_assert_int_eq(arb_tournament_prohibited_count(t), 0);
	ck_assert_int_eq(arb_tournament_prohibited_add(t, 3, 5, ids, 3), ARB_OK);
	ck_assert_int_eq(arb_tournament_prohibited_count(t), 1);
	ck_assert_int_eq(arb_tournament_prohibited(t, 3, 2, 6), 1);
	ck_assert_int_eq(arb_tournament_prohibited(t, 2, 2, 6), 0);
	ck_assert_int_eq(arb_tournament_prohibited(t, 0, 6, 1), 1);
	ck_assert_int_eq(arb_tournament_prohibited(t, 3, 3, 6), 0);
	/* written, read back (both dialects): the same group and withdrawals */
	for (int d = 0; d < 2; d++) {
		static buf b;
		arb_tournament *u = NULL;
		b.len = 0;
		ck_assert_int_eq(arb_trf_write(t, d ? ARB_TRF_WRITE_16 : 0, to_buf, &b), ARB_OK);
		ck_assert(strstr(b.text, "260   3   5    1    2    6") != NULL);
		ck_assert_int_eq(arb_trf_read(b.text, b.len, "w.trf", 0, &u, &err), ARB_OK);
		int first, last, got[4], n;
		ck_assert_int_eq(arb_tournament_prohibited_count(u), 1);
		ck_assert_int_eq(arb_tournament_prohibited_get(u, 0, &first, &last, got, 4, &n),
				 ARB_OK);
		ck_assert(first == 3 && last == 5 && n == 3 && got[0] == 1 && got[2] == 6);
		ck_assert_int_eq(arb_tournament_withdrawn(u, 3, 5), 2);
		ck_assert_int_eq(arb_tournament_get_cell(u, 2, 4, &c), ARB_OK);
		ck_assert_int_eq(c.result, 'Z');
		/* a board of the group in round 3, and one with the withdrawn 3 */
		arb_pairing *q = NULL;
		const char *answer = "1 2\n3 4\n5 6\n";
		ck_assert_int_eq(arb_pairing_from_engine(u, 3, answer, strlen(answer), &q, &err),
				 ARB_OK);
		arb_error probs[16];
		int np = arb_pairing_check(u, q, 0, probs, 16), prohibited = 0, withdrawn = 0;
		for (int i = 0; i < np && i < 16; i++) {
			prohibited |= strstr(probs[i].message, "1 and 2 must not meet") != NULL &&
				      strstr(probs[i].message, "260") != NULL;
			withdrawn |= strstr(probs[i].message, "player 3 is withdrawn") != NULL;
		}
		ck_assert(prohibited && withdrawn);
		arb_pairing_free(q);
		/* the engine path: 3 left out by the answer is absent (Z) */
		answer = "3\n1 4\n5 2\n6 0\n";
		ck_assert_int_eq(arb_pairing_from_engine(u, 3, answer, strlen(answer), &q, &err),
				 ARB_OK);
		int z = 0;
		for (int i = 0; i < arb_pairing_byes(q); i++) {
			int id;
			char code;
			arb_pairing_bye(q, i, &id, &code);
			z |= id == 3 && code == 'Z';
		}
		ck_assert(z);
		arb_pairing_free(q);
		arb_tournament_free(u);
	}
	/* more scheduled rounds: the permanently withdrawn are absent from them */
	arb_tournament_get_info(t, &in);
	in.rounds = 7;
	ck_assert_int_eq(arb_tournament_set_info(t, &in), ARB_OK);
	ck_assert_int_eq(arb_tournament_get_cell(t, 2, 7, &c), ARB_OK);
	ck_assert_int_eq(c.result, 'Z');
	ck_assert_int_eq(arb_tournament_get_cell(t, 4, 7, &c), ARB_OK);
	ck_assert_int_eq(c.result, ' ');
	arb_tournament_free(t);
}
END_TEST

/* A Swiss whose highest-numbered player is absent from round 1, never
 * having played: he is not a player of the pairing, but his absence is one
 * of its byes (the numbers the Dutch pairer indexes must reach him; ASan
 * found a read past them in case-181 round 4). */
START_TEST(swiss_absent_last_player)
{
	for (int late = 6; late <= 7; late++) {
		arb_tournament *t = event("FIDE_DUTCH_2026", 5, late, 2400, 10);
		arb_pairing *p = NULL;
		arb_error err;
		ck_assert_int_eq(arb_tournament_withdraw(t, late, 1, 1), ARB_OK);
		ck_assert_int_eq(arb_tournament_pair(t, 1, 0, &p, &err), ARB_OK);
		int absent = 0, unpaired = 0;
		for (int i = 0; i < arb_pairing_byes(p); i++) {
			int id;
			char code;
			ck_assert_int_eq(arb_pairing_bye(p, i, &id, &code), ARB_OK);
			absent += id == late && code == 'Z';
			unpaired += code == 'U';
		}
		ck_assert_int_eq(absent, 1);
		ck_assert_int_eq(unpaired, (late - 1) % 2);
		ck_assert_int_eq(arb_pairing_boards(p), (late - 1) / 2);
		ck_assert_int_eq(arb_pairing_check(t, p, 0, NULL, 0), 0);
		arb_pairing_free(p);
		/* --explain: the absent player is not a player of the pairing; a
		 * paired one gets his board; a failing writer is ARB_E_IO */
		static buf b;
		b.len = 0;
		ck_assert_int_eq(arb_pairing_explain(t, 1, 0, late, to_buf, &b, &err), ARB_OK);
		ck_assert(strstr(b.text, "not a player of the pairing") != NULL);
		b.len = 0;
		ck_assert_int_eq(arb_pairing_explain(t, 1, 0, 1, to_buf, &b, &err), ARB_OK);
		ck_assert(strstr(b.text, "round 1 (revised, 2026 Dutch rules), player 1:") != NULL);
		ck_assert(strstr(b.text, "\nboard: ") != NULL);
		ck_assert(strstr(b.text, "\nwithout this board") != NULL);
		ck_assert_int_eq(arb_pairing_explain(t, 1, 0, 1, fail_write, NULL, &err), ARB_E_IO);
		ck_assert_int_eq(arb_pairing_explain(t, 1, 0, 42, to_buf, &b, &err),
				 ARB_E_ARGUMENT);
		ck_assert(strstr(err.message, "no player 42") != NULL);
		ck_assert_int_eq(arb_pairing_explain(t, 3, 0, 1, to_buf, &b, &err), ARB_E_ARGUMENT);
		arb_tournament_free(t);
	}
}
END_TEST

/* C.04.1 d by edition: a full-point bye (F) keeps a player from the
 * pairing-allocated bye under the revised rules (a round won without
 * playing), not under the 2017 rules (only a PAB or a forfeit win). Five
 * players; before round 3 the 1-point group is 2, 3, 4 (had the PAB) and 5
 * (had F). Both editions give the bye to 2, as bbpPairings 5 and 6 do (in
 * 2017 F is a downfloat two rounds back: C.04.3 A.4, C16), and the check
 * takes 5's bye under 2017 only. Then a generated Swiss where the editions
 * differ on F. */
START_TEST(bye_after_full_point_bye)
{
	arb_tournament *t = event("FIDE_DUTCH_2026", 5, 5, 2500, 100);
	arb_pairing *p = NULL;
	arb_error err, probs[4];
	ck_assert_int_eq(arb_tournament_set_game(t, 1, 1, 2, '1', '0'), ARB_OK);
	ck_assert_int_eq(arb_tournament_set_game(t, 1, 3, 4, '1', '0'), ARB_OK);
	ck_assert_int_eq(arb_tournament_set_bye(t, 1, 5, 'F'), ARB_OK);
	ck_assert_int_eq(arb_tournament_set_game(t, 2, 5, 1, '0', '1'), ARB_OK);
	ck_assert_int_eq(arb_tournament_set_game(t, 2, 2, 3, '1', '0'), ARB_OK);
	ck_assert_int_eq(arb_tournament_set_bye(t, 2, 4, 'U'), ARB_OK);
	for (int k = 0; k < 2; k++) {
		unsigned flags = k ? ARB_PAIR_DUTCH_2017 : 0;
		int want = 2, id = 0;
		char code = 0;
		ck_assert_int_eq(arb_tournament_pair(t, 3, flags, &p, &err), ARB_OK);
		ck_assert_int_eq(arb_pairing_byes(p), 1);
		ck_assert_int_eq(arb_pairing_bye(p, 0, &id, &code), ARB_OK);
		ck_assert_int_eq(code, 'U');
		ck_assert_int_eq(id, want);
		ck_assert_int_eq(arb_pairing_check(t, p, flags, probs, 4), 0);
		arb_pairing_free(p);
	}
	/* 5's bye checked under each edition */
	const char *answer = "3\n1 3\n2 4\n5 0\n";
	ck_assert_int_eq(arb_pairing_from_engine(t, 3, answer, strlen(answer), &p, &err), ARB_OK);
	ck_assert_int_eq(arb_pairing_check(t, p, ARB_PAIR_DUTCH_2017, probs, 4), 0);
	ck_assert_int_eq(arb_pairing_check(t, p, 0, probs, 4), 1);
	ck_assert_msg(strstr(probs[0].message, "player 5 had a win's points without playing in "
					       "round 1 (C.04.1 d: no pairing-allocated bye "
					       "after a round won without playing)") != NULL,
		      "%s", probs[0].message);
	arb_pairing_free(p);
	/* 4's second one: under both */
	answer = "3\n1 3\n2 5\n4 0\n";
	ck_assert_int_eq(arb_pairing_from_engine(t, 3, answer, strlen(answer), &p, &err), ARB_OK);
	for (int k = 0; k < 2; k++) {
		ck_assert_int_eq(arb_pairing_check(t, p, k ? ARB_PAIR_DUTCH_2017 : 0, probs, 4), 1);
		ck_assert(strstr(probs[0].message, "no second pairing-allocated bye") != NULL);
	}
	arb_pairing_free(p);
	arb_tournament_free(t);

	/* a generated Swiss (27 players, round 8): 23 had F in round 1; the
	 * pairings of bbpPairings 5 (2017) and 6 (revised) as arbiter's */
	static const char *const files[] = {"random-2017006353-round-8.2017.pairs",
					    "random-2017006353-round-8.pairs"};
	t = load("tournaments/swiss/regressions/random-2017006353-round-8.trf");
	for (int k = 0; k < 2; k++) {
		unsigned flags = k ? 0 : ARB_PAIR_DUTCH_2017;
		char path[4096];
		size_t len;
		buf got = {"", 0};
		snprintf(path, sizeof path, "%s/tournaments/swiss/regressions/%s", test_data_dir(),
			 files[k]);
		char *want = slurp(path, &len);
		ck_assert_int_eq(arb_tournament_pair(t, 0, flags, &p, &err), ARB_OK);
		ck_assert_int_eq(arb_pairing_write(p, to_buf, &got), ARB_OK);
		ck_assert_str_eq(got.text, want);
		ck_assert_int_eq(arb_pairing_check(t, p, flags, probs, 4), 0);
		/* 2017's pairing under the revised rules: 23's bye is the fault */
		int np = arb_pairing_check(t, p, k ? ARB_PAIR_DUTCH_2017 : 0, probs, 4);
		ck_assert_int_eq(np, k ? 0 : 1);
		if (np)
			ck_assert(strstr(probs[0].message, "player 23 had a win's points") != NULL);
		free(want);
		arb_pairing_free(p);
	}
	arb_tournament_free(t);
}
END_TEST

/* C3 binds non-topscorers only (C.04.3 A.7): when the last round is paired,
 * a board of a player over half the maximum score may give a colour three
 * times running; before the last round the same board is a fault. */
START_TEST(check_topscorer_colours)
{
	for (int rounds = 3; rounds <= 4; rounds++) {
		arb_tournament *t = event("FIDE_DUTCH_2026", rounds, 4, 0, 0);
		arb_pairing *p = NULL;
		arb_error err, probs[4];
		/* 1: WW 2 points, 2: WB 2, 3: BW 0, 4: BB 0 */
		ck_assert_int_eq(arb_tournament_set_game(t, 1, 1, 3, '1', '0'), ARB_OK);
		ck_assert_int_eq(arb_tournament_set_game(t, 1, 2, 4, '1', '0'), ARB_OK);
		ck_assert_int_eq(arb_tournament_set_game(t, 2, 1, 4, '1', '0'), ARB_OK);
		ck_assert_int_eq(arb_tournament_set_game(t, 2, 3, 2, '0', '1'), ARB_OK);
		const char *answer = "1 2\n4 3\n";
		ck_assert_int_eq(arb_pairing_from_engine(t, 3, answer, strlen(answer), &p, &err),
				 ARB_OK);
		int n = arb_pairing_check(t, p, 0, probs, 4);
		if (rounds == 3) {
			ck_assert_int_eq(n, 0);
		} else {
			ck_assert_int_eq(n, 1);
			ck_assert(strstr(probs[0].message,
					 "player 1 would have a colour difference of +3") != NULL);
		}
		arb_pairing_free(p);
		/* the non-topscorer 4 is bound even in the last round */
		answer = "1 2\n3 4\n";
		ck_assert_int_eq(arb_pairing_from_engine(t, 3, answer, strlen(answer), &p, &err),
				 ARB_OK);
		n = arb_pairing_check(t, p, 0, probs, 4);
		ck_assert_int_eq(n, rounds == 3 ? 1 : 2);
		ck_assert(strstr(probs[n - 1].message,
				 "player 4 would have a colour difference of -3") != NULL);
		arb_pairing_free(p);
		arb_tournament_free(t);
	}
}
END_TEST

static Suite *pairing_suite(void)
{
	Suite *s = suite_create("pairing");
	TCase *tc = tcase_create("round_robins");
	tcase_add_test(tc, round_robins);
	tcase_add_test(tc, round_robin_refusals);
	suite_add_tcase(s, tc);
	tc = tcase_create("engines");
	tcase_add_test(tc, engine_answers);
	tcase_add_test(tc, engine_errors);
	tcase_add_test(tc, check_faults);
	tcase_add_test(tc, check_topscorer_colours);
	tcase_add_test(tc, bye_after_full_point_bye);
	tcase_add_test(tc, withdrawals_and_prohibited);
	tcase_add_test(tc, swiss_absent_last_player);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(pairing_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
