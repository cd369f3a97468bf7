/*
 * fuzz_san.c -- libFuzzer target for the SAN reader.
 *
 * The first byte picks a position from a fixed set (standard, Chess960,
 * promotions, e.p., ambiguity) and the mode (lenient or strict); the rest is
 * the SAN text. An accepted move must be legal, be written by
 * arb_move_to_san as a text that reads back (both modes) as the same move,
 * and in strict mode the input (annotation glyphs aside) must be that text.
 * A refused text must give one of the three move codes with a message.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

static const char *const fens[] = {
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
	"1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/rR1K2R1 w GBgb - 0 1",
	"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
	"Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1",
	"3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
	"8/8/1k6/8/4Q2Q/8/K7/4r2Q w - - 0 1",
	"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
	"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
	"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
};
#define NFENS (sizeof fens / sizeof fens[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 256)
		return 0;
	arb_position *pos = arb_position_new();
	arb_error err;
	if (!pos || arb_position_set_fen(pos, fens[data[0] % NFENS], ARB_FEN_AUTO, &err) != ARB_OK)
		abort();
	unsigned flags = (data[0] / NFENS) & 1 ? ARB_SAN_STRICT : 0;
	const char *text = (const char *)data + 1;
	size_t len = size - 1;
	arb_move m = ARB_MOVE_NONE;
	arb_status st = arb_move_from_san(pos, text, len, flags, &m, &err);
	if (st == ARB_OK) {
		if (m != ARB_MOVE_NULL) {
			char san[ARB_SAN_MAX];
			arb_move back;
			if (!arb_position_is_legal(pos, m))
				abort();
			size_t n = arb_move_to_san(pos, m, san);
			if (n >= ARB_SAN_MAX || n != strlen(san))
				abort();
			for (unsigned f = 0; f <= ARB_SAN_STRICT; f += ARB_SAN_STRICT)
				if (arb_move_from_san(pos, san, n, f, &back, &err) != ARB_OK ||
				    back != m)
					abort();
			if (flags & ARB_SAN_STRICT) {
				size_t k = strnlen(text, len);
				while (k && (text[k - 1] == '!' || text[k - 1] == '?'))
					k--;
				if (k != n || memcmp(text, san, n) != 0)
					abort();
			}
		}
	} else {
		if (st != ARB_E_MOVE_SYNTAX && st != ARB_E_MOVE_ILLEGAL &&
		    st != ARB_E_MOVE_AMBIGUOUS)
			abort();
		if (err.code != st || !memchr(err.message, 0, sizeof err.message) ||
		    !err.message[0])
			abort();
	}
	arb_position_free(pos);
	return 0;
}
