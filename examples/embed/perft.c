/*
 * perft.c -- a program built against the installed library (arbiter::arbiter,
 * or pkg-config arbiter): counts the leaf nodes of the legal move tree.
 *
 *   perft DEPTH [FEN]      (default: the start position)
 */
#include <stdio.h>
#include <stdlib.h>

#include <arbiter.h>

int main(int argc, char **argv)
{
	const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	arb_position *pos;
	arb_error err;
	int depth;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: perft DEPTH [FEN]\n");
		return 2;
	}
	depth = atoi(argv[1]);
	if (argc == 3)
		fen = argv[2];
	pos = arb_position_new();
	if (pos == NULL) {
		fprintf(stderr, "perft: out of memory\n");
		return 1;
	}
	if (arb_position_set_fen(pos, fen, ARB_FEN_AUTO, &err) != ARB_OK) {
		fprintf(stderr, "perft: %s\n", err.message);
		arb_position_free(pos);
		return 1;
	}
	printf("arbiter %s: perft(%d) = %llu\n", arb_version(), depth,
	       (unsigned long long)arb_perft(pos, depth, 0));
	arb_position_free(pos);
	return 0;
}
