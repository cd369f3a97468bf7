/*
 * engine_int.h -- the match layer's internal header: what play.c uses of a
 * running engine (engine.c) beyond the public API.
 */
#ifndef ARBITER_MATCH_ENGINE_INT_H
#define ARBITER_MATCH_ENGINE_INT_H

#include "arbint.h"

/* Now on the monotonic clock, in microseconds. */
long long arbI_now_us(void);

/* One reply to "go": the move's text and the last score seen. */
typedef struct arbI_go_reply {
	char move[16];   /* the bestmove's first word, cut to 15 bytes */
	int has_score;   /* an "info ... score" line came */
	int mate;        /* score mate N (plies to mate signed), else 0 */
	int cp;          /* score cp N (or +-30000 for a mate) */
	long long at_us; /* when the bestmove line was read */
} arbI_go_reply;

typedef enum arbI_wait {
	ARBI_WAIT_OK = 0, /* the line came */
	ARBI_WAIT_TIMEOUT,
	ARBI_WAIT_EOF /* the engine's output ended (it exited or closed stdout) */
} arbI_wait;

/* Sends one line (the newline is added). 0, or -1 when the engine is gone or
 * does not read within its write deadline (the engine is then not alive). */
int arbI_engine_send(arb_engine *e, const char *line);

/*
 * Reads lines until "bestmove" or the deadline (monotonic us): info lines
 * give the score; anything else is ignored. ARBI_WAIT_TIMEOUT leaves the
 * engine searching (the caller sends "stop" and waits again); EOF marks it
 * not alive.
 */
arbI_wait arbI_engine_wait_bestmove(arb_engine *e, long long deadline_us, arbI_go_reply *out);

/* "isready" and the wait for "readyok" up to timeout_ms: as arbI_wait. */
arbI_wait arbI_engine_sync(arb_engine *e, long timeout_ms);

/* Marks the engine broken (a deadline passed with a command unanswered):
 * arb_engine_alive then says 0 and the next game needs a new process. */
void arbI_engine_break(arb_engine *e);

/* Sets UCI_Chess960 to `on` when the engine offers it and it differs from
 * what was last set. 0, or -1 when the engine is gone. */
int arbI_engine_set_960(arb_engine *e, int on);

/* An engine on two descriptors instead of a process (the fuzz target's:
 * its output written in advance): `to` takes what is sent, `from` gives
 * its lines; both are the engine's to close. The handshake as
 * arb_engine_open makes it (spec->cmd names it in messages). */
arb_engine *arbI_engine_adopt(int to, int from, const arb_engine_spec *spec, arb_error *err);

/* The start timeout of the engine's spec (ms). */
long arbI_engine_timeout(const arb_engine *e);

#endif /* ARBITER_MATCH_ENGINE_INT_H */
