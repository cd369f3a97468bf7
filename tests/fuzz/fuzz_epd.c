/*
 * fuzz_epd.c -- libFuzzer target for the EPD reader and writer.
 *
 * The first byte picks the FEN flags (mode, repair) and the output form; the
 * rest is one EPD line. An accepted record must write a line that reads back
 * (in the position's own mode) and writes the same line again; its move
 * operations resolve or fail cleanly.
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
	unsigned out_flags = data[0] & 8 ? ARB_FEN_SHREDDER : 0;
	char *line = malloc(size);
	if (!line)
		return 0;
	memcpy(line, data + 1, size - 1);
	line[size - 1] = 0;

	arb_epd *e = arb_epd_new();
	arb_error err;
	if (!e)
		abort();
	arb_status st = arb_epd_parse(e, line, flags, &err);
	if (st == ARB_OK) {
		size_t n = arb_epd_to_string(e, NULL, 0, out_flags);
		char *a = malloc(n + 1), *b = malloc(n + 1);
		if (!a || !b || arb_epd_to_string(e, a, n + 1, out_flags) != n || strlen(a) != n)
			abort();
		arb_epd *f = arb_epd_new();
		unsigned mode = arb_position_is_chess960(arb_epd_position(e)) ? ARB_FEN_CHESS960 :
										ARB_FEN_STANDARD;
		if (arb_epd_parse(f, a, mode, &err) != ARB_OK)
			abort();
		if (arb_epd_to_string(f, b, n + 1, out_flags) != n || strcmp(a, b) != 0)
			abort();
		if (arb_epd_op_count(f) != arb_epd_op_count(e))
			abort();
		for (int i = 0; i < arb_epd_op_count(e); i++) {
			arb_move moves[8];
			int k = arb_epd_moves(e, i, moves, 8, &err);
			for (int j = 0; j < k; j++)
				if (moves[j] != ARB_MOVE_NULL &&
				    !arb_position_is_legal(arb_epd_position(e), moves[j]))
					abort();
		}
		arb_epd_free(f);
		free(a);
		free(b);
	} else if (!memchr(err.message, 0, sizeof err.message) || err.code != st) {
		abort();
	}
	arb_epd_free(e);
	free(line);
	return 0;
}
