/*
 * test_berger.c -- round-robin pairing by the Berger tables (FIDE C.05
 * Annex 1; engine/pairing/berger.c).
 *
 * Every table of tests/data/tournaments/berger/ (3 to 24 players, made by
 * FIDE TEC's construction and checked against published tables: their
 * README) is reproduced board for board. Then the properties the tables
 * must have for any size up to 60: everyone meets everyone exactly once a
 * cycle, one game a round, colours balanced (a difference of at most one
 * in a single cycle); the double round robin's second cycle reverses the
 * colours; ARB_BERGER_SWAP_LAST swaps the last two rounds of the first
 * cycle and leaves nobody with the same colour three times running across
 * the cycles. Bad arguments give -1 and write nothing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "testutil.h"

#define MAXB 64

/* ck_assert marks each point it passes (a write a call): the loops over
 * every board of every table check with this instead. */
#define CHECK(cond, ...)                           \
	do {                                       \
		if (!(cond))                       \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

START_TEST(tables)
{
	int checked = 0;
	for (int n = 3; n <= 24; n++) {
		char name[64];
		tsv_file f;
		snprintf(name, sizeof name, "tournaments/berger/%d.tsv", n);
		ck_assert_int_eq(tsv_load(NULL, name, &f), 0);
		int cr = tsv_column(&f, "round"), cb = tsv_column(&f, "board"),
		    cw = tsv_column(&f, "white"), ck = tsv_column(&f, "black");
		ck_assert(cr >= 0 && cb >= 0 && cw >= 0 && ck >= 0);
		int even = n + (n & 1);
		ck_assert_int_eq(f.nrows, (even - 1) * even / 2);
		ck_assert_int_eq(arb_berger_rounds(n, 1), even - 1);
		for (int i = 0; i < f.nrows; i++) {
			const tsv_row *row = &f.rows[i];
			int round = atoi(tsv_get(row, cr)), board = atoi(tsv_get(row, cb));
			arb_board b[MAXB];
			CHECK(arb_berger_round(n, 1, round, 0, b, MAXB) == even / 2, "%s:%d", name,
			      row->line);
			CHECK(board >= 1 && board <= even / 2, "%s:%d: board %d", name, row->line,
			      board);
			CHECK(b[board - 1].white == atoi(tsv_get(row, cw)) &&
				      b[board - 1].black == atoi(tsv_get(row, ck)),
			      "%s:%d: round %d board %d is %d-%d, the table says %s-%s", name,
			      row->line, round, board, b[board - 1].white, b[board - 1].black,
			      tsv_get(row, cw), tsv_get(row, ck));
			checked++;
		}
		tsv_free(&f);
	}
	/* 3..24 players: the sum of (n' - 1) * n' / 2 boards */
	ck_assert_int_eq(checked, 2442);
}
END_TEST

/* The published start of the 10-player table (C.05 Annex 1). */
START_TEST(ten_players)
{
	static const int want[2][5][2] = {
		{{1, 10}, {2, 9}, {3, 8}, {4, 7}, {5, 6}},
		{{10, 6}, {7, 5}, {8, 4}, {9, 3}, {1, 2}},
	};
	arb_board b[5];
	for (int r = 0; r < 2; r++) {
		ck_assert_int_eq(arb_berger_round(10, 1, r + 1, 0, b, 5), 5);
		for (int k = 0; k < 5; k++) {
			ck_assert_int_eq(b[k].white, want[r][k][0]);
			ck_assert_int_eq(b[k].black, want[r][k][1]);
		}
	}
}
END_TEST

/* Colours of every player over the whole event: +1 White, -1 Black, 0 bye. */
static void colours(int n, int cycles, unsigned flags, signed char col[][2 * MAXB])
{
	int rounds = arb_berger_rounds(n, cycles);
	static int met[MAXB + 1][MAXB + 1];
	memset(met, 0, sizeof met);
	for (int r = 1; r <= rounds; r++) {
		arb_board b[MAXB];
		int nb = arb_berger_round(n, cycles, r, flags, b, MAXB);
		int played[MAXB + 1] = {0};
		CHECK(nb == (n + (n & 1)) / 2, "%d players, round %d: %d boards", n, r, nb);
		for (int k = 0; k < nb; k++) {
			int w = b[k].white, bl = b[k].black;
			CHECK(w != bl, "%d players, round %d: %d-%d", n, r, w, bl);
			CHECK(w >= 0 && w <= n && bl >= 0 && bl <= n, "%d players: %d-%d", n, w,
			      bl);
			CHECK(w || bl, "%d players: the dummy meets itself", n);
			if (w && bl) {
				met[w][bl]++;
				met[bl][w]++;
			}
			if (w) {
				CHECK(played[w]++ == 0, "%d players, round %d: player %d twice", n,
				      r, w);
				col[w][r - 1] = bl ? 1 : 0;
			}
			if (bl) {
				CHECK(played[bl]++ == 0, "%d players, round %d: player %d twice", n,
				      r, bl);
				col[bl][r - 1] = w ? -1 : 0;
			}
		}
		for (int p = 1; p <= n; p++)
			CHECK(played[p] == 1, "%d players, round %d: player %d", n, r, p);
	}
	for (int p = 1; p <= n; p++)
		for (int q = 1; q <= n; q++)
			CHECK(met[p][q] == (p == q ? 0 : cycles), "%d players: %d met %d %d times",
			      n, p, q, met[p][q]);
}

START_TEST(properties)
{
	static signed char col[MAXB + 1][2 * MAXB];
	for (int n = 2; n <= 60; n++) {
		colours(n, 1, 0, col);
		for (int p = 1; p <= n; p++) {
			int sum = 0;
			for (int r = 0; r < arb_berger_rounds(n, 1); r++)
				sum += col[p][r];
			CHECK(abs(sum) <= 1, "%d players: player %d colour sum %d", n, p, sum);
		}
		/* double: the second cycle reverses the first */
		int m = arb_berger_rounds(n, 1);
		colours(n, 2, 0, col);
		for (int p = 1; p <= n; p++)
			for (int r = 0; r < m; r++)
				CHECK(col[p][r + m] == -col[p][r],
				      "%d players: player %d, round %d", n, p, r + m + 1);
	}
}
END_TEST

START_TEST(swap_last)
{
	static signed char col[MAXB + 1][2 * MAXB];
	for (int n = 4; n <= 60; n += 2) {
		int m = arb_berger_rounds(n, 1);
		arb_board a[MAXB], b[MAXB];
		/* the first cycle's last two rounds swapped, the rest as it was */
		for (int r = 1; r <= 2 * m; r++) {
			int src = r == m - 1 ? m : r == m ? m - 1 : r;
			ck_assert_int_eq(arb_berger_round(n, 2, r, ARB_BERGER_SWAP_LAST, a, MAXB),
					 n / 2);
			ck_assert_int_eq(arb_berger_round(n, 2, src, 0, b, MAXB), n / 2);
			CHECK(memcmp(a, b, sizeof(arb_board) * (size_t)(n / 2)) == 0,
			      "%d players, round %d", n, r);
		}
		colours(n, 2, ARB_BERGER_SWAP_LAST, col);
		for (int p = 1; p <= n; p++)
			for (int r = 2; r < 2 * m; r++)
				CHECK(col[p][r] != col[p][r - 1] || col[p][r] != col[p][r - 2],
				      "%d players: player %d has one colour three times "
				      "in rounds %d-%d",
				      n, p, r - 1, r + 1);
	}
}
END_TEST

START_TEST(bad_arguments)
{
	arb_board b[MAXB];
	memset(b, 0x55, sizeof b);
	ck_assert_int_eq(arb_berger_rounds(1, 1), -1);
	ck_assert_int_eq(arb_berger_rounds(0, 1), -1);
	ck_assert_int_eq(arb_berger_rounds(10, 0), -1);
	ck_assert_int_eq(arb_berger_rounds(10, 3), -1);
	ck_assert_int_eq(arb_berger_rounds(ARB_BERGER_MAX_PLAYERS + 1, 1), -1);
	ck_assert_int_eq(arb_berger_rounds(ARB_BERGER_MAX_PLAYERS, 2),
			 2 * ARB_BERGER_MAX_PLAYERS - 2);
	ck_assert_int_eq(arb_berger_round(10, 1, 0, 0, b, MAXB), -1);
	ck_assert_int_eq(arb_berger_round(10, 1, 10, 0, b, MAXB), -1);
	ck_assert_int_eq(arb_berger_round(10, 2, 19, 0, b, MAXB), -1);
	ck_assert_int_eq(arb_berger_round(10, 1, 1, 0, b, 4), -1);
	ck_assert_int_eq(arb_berger_round(10, 1, 1, 0, NULL, 0), -1); /* no room */
	/* (boards NULL with nboards > 0, nboards < 0: misuse, test_misuse.c) */
	ck_assert_int_eq(arb_berger_round(-3, 1, 1, 0, b, MAXB), -1);
	for (size_t i = 0; i < sizeof b; i++)
		ck_assert_int_eq(((unsigned char *)b)[i], 0x55);
}
END_TEST

static Suite *berger_suite(void)
{
	Suite *s = suite_create("berger");
	TCase *tc = tcase_create("tables");
	tcase_add_test(tc, tables);
	tcase_add_test(tc, ten_players);
	suite_add_tcase(s, tc);
	tc = tcase_create("properties");
	tcase_add_test(tc, properties);
	tcase_add_test(tc, swap_last);
	tcase_add_test(tc, bad_arguments);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(berger_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
