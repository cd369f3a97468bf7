/*
 * berger.c -- round-robin pairing by the Berger tables (FIDE C.05 Annex 1).
 *
 * For n players rounded up to an even n' (the dummy n' = n + 1 of an odd
 * field is written 0: its opponent has the bye), round r's board 1 pairs
 * player n' with p = ((r - 1) * n'/2 mod (n' - 1)) + 1, player n' Black
 * in odd rounds and White in even ones; board b > 1 pairs p + (b - 1)
 * (White) with p - (b - 1) (Black), both counted round 1..n'-1. This is
 * the table C.05 Annex 1 prints (10 players, rounds 1-2: 1-10 2-9 3-8
 * 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2), checked on every table of 3 to 24
 * players in tests/data/tournaments/berger/.
 *
 * A double round robin plays the table again with the colours reversed;
 * C.05 Annex 1 recommends swapping the last two rounds of the first cycle
 * (so that no player has the same colour three times in a row across the
 * cycles), which ARB_BERGER_SWAP_LAST does.
 */
#include "arbint.h"

/* p counted around 1..m (the players but the fixed one). */
static int around(int p, int m)
{
	return ((p - 1) % m + m) % m + 1;
}

int arb_berger_rounds(int players, int cycles)
{
	if (!(players >= 2 && players <= ARB_BERGER_MAX_PLAYERS))
		return -1;
	if (!(cycles == 1 || cycles == 2))
		return -1;
	int even = players + (players & 1);
	return (even - 1) * cycles;
}

int arb_berger_round(int players, int cycles, int round, unsigned flags, arb_board *boards,
		     int nboards)
{
	/* players, cycles and round are numbers a caller may take from its
	 * input: out of range they are -1, in every build */
	arbI_api_check(nboards >= 0 && (boards || nboards == 0), -1);
	int rounds = arb_berger_rounds(players, cycles);
	if (!(rounds > 0))
		return -1;
	if (!(round >= 1 && round <= rounds))
		return -1;
	int even = players + (players & 1), m = even - 1, half = even / 2;
	if (nboards < half)
		return -1;
	int r = round, reverse = 0;
	if (r > m) { /* the second cycle: the table again, colours reversed */
		r -= m;
		reverse = 1;
	} else if (cycles == 2 && (flags & ARB_BERGER_SWAP_LAST) && m >= 3 && r >= m - 1) {
		r = r == m ? m - 1 : m; /* C.05 Annex 1: the last two rounds swapped */
	}
	int p = around((r - 1) * half + 1, m);
	for (int b = 0; b < half; b++) {
		int white, black;
		if (b == 0) {
			white = r % 2 ? p : even;
			black = r % 2 ? even : p;
		} else {
			white = around(p + b, m);
			black = around(p - b, m);
		}
		if (reverse) {
			int t = white;
			white = black;
			black = t;
		}
		/* the dummy of an odd field is 0 */
		boards[b].white = white > players ? 0 : white;
		boards[b].black = black > players ? 0 : black;
	}
	return half;
}
