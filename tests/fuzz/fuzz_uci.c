/*
 * fuzz_uci.c -- libFuzzer target for UCI move parsing.
 *
 * The first byte picks one of a fixed set of positions (standard and
 * Chess960, castling, e.p. and promotion cases) and the notation mode; the
 * rest is the move text. An accepted move must be legal (or the null move)
 * and print as a string that parses back to the same move.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

static const char *const positions[] = {
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/rR1K2R1 w GBgb - 0 1",
	"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
	"4k3/8/8/8/8/8/8/4K1RR w G - 0 1",
	"rnbqkbnr/pppppp2/7p/6pP/8/8/PPPPPPP1/RNBQKBNR w KQkq g6 0 3",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t npos = sizeof positions / sizeof positions[0];
	if (size < 1 || size > 64)
		return 0;
	char text[64];
	memcpy(text, data + 1, size - 1);
	text[size - 1] = 0;

	arb_position *pos = arb_position_new();
	arb_error err;
	if (arb_position_set_fen(pos, positions[data[0] % npos], ARB_FEN_AUTO, &err) != ARB_OK)
		abort();
	arb_position_set_chess960(pos, (data[0] / npos) & 1);
	arb_move m;
	if (arb_move_from_uci(pos, text, &m, &err) == ARB_OK && m != ARB_MOVE_NULL) {
		char uci[8];
		arb_move back;
		if (!arb_position_is_legal(pos, m))
			abort();
		arb_move_to_uci(pos, m, uci);
		if (arb_move_from_uci(pos, uci, &back, &err) != ARB_OK || back != m)
			abort();
	} else if (m != ARB_MOVE_NULL && err.message[0] == 0) {
		abort(); /* every rejection says why */
	}
	arb_position_free(pos);
	return 0;
}
