/*
 * fuzz_fen.c -- libFuzzer target for the FEN reader.
 *
 * The first byte picks the flags (mode, repair); the rest is the FEN. Any
 * accepted position must pass the invariant check, print a FEN that reads
 * back to the same position (same key, same FEN), and have a move list that
 * agrees with the move count and plays cleanly.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

static const unsigned modes[] = {ARB_FEN_AUTO, ARB_FEN_STANDARD, ARB_FEN_CHESS960};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 8192)
		return 0;
	unsigned flags = modes[data[0] % 3] | (data[0] & 4 ? ARB_FEN_REPAIR : 0);
	char *fen = malloc(size);
	if (!fen)
		return 0;
	memcpy(fen, data + 1, size - 1);
	fen[size - 1] = 0;

	arb_position *pos = arb_position_new();
	arb_error err;
	if (arb_position_set_fen(pos, fen, flags, &err) == ARB_OK) {
		if (arb_position_validate(pos, &err) != ARB_OK)
			abort();
		for (unsigned out = 0; out <= ARB_FEN_SHREDDER; out += ARB_FEN_SHREDDER) {
			char a[ARB_FEN_MAX], b[ARB_FEN_MAX];
			arb_position *again = arb_position_new();
			arb_position_to_fen(pos, a, sizeof a, out);
			unsigned mode =
				arb_position_is_chess960(pos) ? ARB_FEN_CHESS960 : ARB_FEN_STANDARD;
			if (arb_position_set_fen(again, a, mode, &err) != ARB_OK)
				abort();
			arb_position_to_fen(again, b, sizeof b, out);
			if (strcmp(a, b) != 0 || arb_position_key(again) != arb_position_key(pos))
				abort();
			arb_position_free(again);
		}
		arb_move moves[ARB_MAX_MOVES];
		int n = arb_position_legal_moves(pos, moves);
		if (n != arb_position_count_moves(pos))
			abort();
		for (int i = 0; i < n; i++) {
			arb_undo u;
			char uci[8];
			arb_move back;
			arb_move_to_uci(pos, moves[i], uci);
			if (arb_move_from_uci(pos, uci, &back, &err) != ARB_OK || back != moves[i])
				abort();
			arb_position_do_move(pos, moves[i], &u);
			if (arb_position_validate(pos, &err) != ARB_OK)
				abort();
			arb_position_undo_move(pos, moves[i], &u);
		}
	}
	arb_position_free(pos);
	free(fen);
	return 0;
}
