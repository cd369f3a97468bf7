/*
 * fuzz_engine.c -- libFuzzer target for what a UCI engine prints: the
 * handshake (id, option, uciok, readyok) and, game after game, the lines
 * of its answers (info ... score, bestmove), fed to the match layer with
 * the whole output written in advance into a pipe (arbI_engine_adopt: no
 * process; what the runner sends goes to /dev/null).
 *
 * The first byte picks the start position and the rules' claims; the rest
 * is the engine's output. When the handshake passes, one engine plays both
 * sides of games under the default rules without a clock (nodes limits)
 * until its output ends: every bestmove is a legal move, an illegal one, a
 * claim or garbage, and each game must end (the engine's output ending is
 * its crash) with a result, a record whose moves replay, and no leak.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arbiter.h"
#include "engine_int.h"

static const char *const starts[] = {
	NULL,
	"1r1k2r1/1ppppppp/8/8/8/8/1PPPPPPP/1R1K2R1 w GBgb - 0 1",
	"7k/8/8/8/8/8/8/KQ6 w - - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int out[2], sink;
	arb_engine_spec spec;
	arb_error err;

	if (size < 1 || size > 60000) /* a pipe holds 64 KiB: all of it fits */
		return 0;
	if (pipe(out) != 0)
		abort();
	if (write(out[1], data + 1, size - 1) != (ssize_t)(size - 1))
		abort();
	close(out[1]);
	if ((sink = open("/dev/null", O_WRONLY)) < 0)
		abort();
	memset(&spec, 0, sizeof spec);
	spec.cmd = "fuzz";
	spec.start_timeout_ms = 1;
	arb_engine *e = arbI_engine_adopt(sink, out[0], &spec, &err);
	if (!e)
		return 0;
	arb_position *start = NULL;
	const char *fen = starts[data[0] % (sizeof starts / sizeof starts[0])];
	if (fen) {
		start = arb_position_new();
		if (!start || arb_position_set_fen(start, fen, ARB_FEN_AUTO, NULL) != ARB_OK)
			abort();
	}
	arb_play_spec ps;
	memset(&ps, 0, sizeof ps);
	ps.start = start;
	ps.limits[0].nodes = ps.limits[1].nodes = 1;
	ps.claims = (data[0] >> 4) & 1 ? ARB_CLAIMS_NEVER : ARB_CLAIMS_AUTO;
	ps.stall_ms = 1;
	ps.flag_grace_ms = 1;
	ps.max_moves = 200;
	arb_record *rec = arb_record_new();
	for (int games = 0; games < 50 && arb_engine_alive(e); games++) {
		arb_game *g = NULL;
		arb_play_report rep;
		arb_status st = arb_play_game(&ps, e, e, &g, rec, &rep, &err);
		if (st == ARB_E_ENGINE && !g)
			break; /* no UCI_Chess960 for a Chess960 start */
		if (st != ARB_OK || !g || !arb_game_over(g))
			abort();
		if (arb_record_ply_count(rec) != rep.plies || arb_game_ply_count(g) != rep.plies)
			abort();
		arb_position *p = arb_position_clone(arb_record_start(rec));
		for (int i = 0; i < rep.plies; i++)
			if (arb_position_play(p, arb_record_move(rec, i)) != ARB_OK)
				abort();
		arb_position_free(p);
		arb_game_free(g);
	}
	arb_record_free(rec);
	arb_position_free(start);
	arb_engine_close(e, 0);
	return 0;
}
