/*
 * test_nomem.c -- out of memory is reported, never swallowed: a workload
 * (PGN games read and adjudicated under several rule sets, written back and
 * written out; token lines fed to games) runs once for every allocation it
 * makes, with that allocation failing. Each run must end without a crash or
 * a leak, and fail with ARB_E_NOMEM (or the documented NULL), except that
 * an event arb_game_event undid for want of memory is fed again, and the
 * game must then end exactly as in the run where nothing failed.
 *
 * The program is linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,
 * --wrap=strdup,--wrap=free (tests/CMakeLists.txt), so the library's calls
 * come here; __real_malloc is the C library's (or AddressSanitizer's)
 * allocator, so the test runs under the sanitizer build too, which also
 * checks for leaks at exit. Without it, the live allocations are counted.
 *
 * The unwinnability analysis (arb_can_checkmate, arb_position_dead,
 * arb_uscf_insufficient_to_win and the static proofs) is slow next to the
 * rest, so in that first workload its calls are wrapped too
 * (--wrap=arb_can_checkmate,...), the allocations made inside them are
 * never failed, and its answers are remembered. A second workload puts the
 * analysis itself to the test: questions whose answers need its working
 * memory (the structure proof, the walk's visited set and stack, the
 * contexts of sub-goals) and games whose flag, illegal move or dead
 * position need them, each allocation failing in turn. Each answer must be
 * the one given with all the memory it wants, or out of memory
 * (ARB_VERDICT_NOMEM, -1, ARB_E_NOMEM) — never another verdict. (A
 * transposition table that cannot grow is kept small; that only costs
 * time, so a failure there may go unreported.) A third workload solves
 * maximum-weight matchings with blossoms (engine/pairing/matching.h):
 * every failed allocation there is ARB_E_NOMEM.
 *
 *   test_nomem DATA_DIR
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "matching.h" /* the pairing layer's internal matching */

/* ---- the failing allocator ------------------------------------------------ */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
void __wrap_free(void *p);

static long fail_at;      /* the allocation that fails (1-based); 0: none */
static long count;        /* allocations so far in this run */
static int failed;        /* the failure happened */
static long live;         /* blocks allocated and not freed */
static int in_analysis;   /* inside the unwinnability analysis: never fail */
static int analysis_mode; /* the second workload: the analysis unwrapped */

static int fail_now(void)
{
	if (in_analysis)
		return 0;
	if (++count == fail_at) {
		failed = 1;
		return 1;
	}
	return 0;
}

void *__wrap_malloc(size_t n)
{
	void *p = fail_now() ? NULL : __real_malloc(n);
	live += p != NULL;
	return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p = fail_now() ? NULL : __real_calloc(n, size);
	live += p != NULL;
	return p;
}

void *__wrap_realloc(void *p, size_t n)
{
	void *q = fail_now() ? NULL : __real_realloc(p, n);
	live += q != NULL && p == NULL;
	return q;
}

char *__wrap_strdup(const char *s)
{
	char *p = fail_now() ? NULL : __real_strdup(s);
	live += p != NULL;
	return p;
}

void __wrap_free(void *p)
{
	live -= p != NULL;
	__real_free(p);
}

/* The analysis, with its allocations left alone (see the header), and its
 * answers remembered: it is deterministic and by far the slowest part of the
 * workload, which runs a few thousand times (under the sanitizers too). The
 * position's FEN, the question and its arguments are the key. */
arb_verdict __real_arb_can_checkmate(const arb_position *pos, arb_color side, long max_nodes,
				     arb_analysis *out);
arb_verdict __real_arb_position_dead(const arb_position *pos, long max_nodes);
int __real_arb_uscf_insufficient_to_win(const arb_position *pos, arb_color flagged, long max_nodes);
int __real_arbI_uw_dead_static(const arb_position *pos);
arb_verdict __wrap_arb_can_checkmate(const arb_position *pos, arb_color side, long max_nodes,
				     arb_analysis *out);
arb_verdict __wrap_arb_position_dead(const arb_position *pos, long max_nodes);
int __wrap_arb_uscf_insufficient_to_win(const arb_position *pos, arb_color flagged, long max_nodes);
int __wrap_arbI_uw_dead_static(const arb_position *pos);

enum { Q_CHECKMATE, Q_DEAD, Q_USCF, Q_STATIC };

typedef struct answer {
	char fen[ARB_FEN_MAX];
	int question, side;
	long nodes;
	int value;
} answer;

static answer answers[512];
static int nanswers;

static answer *known(const arb_position *pos, int question, int side, long nodes)
{
	char fen[ARB_FEN_MAX];
	arb_position_to_fen(pos, fen, sizeof fen, 0);
	for (int i = 0; i < nanswers; i++)
		if (answers[i].question == question && answers[i].side == side &&
		    answers[i].nodes == nodes && strcmp(answers[i].fen, fen) == 0)
			return &answers[i];
	return NULL;
}

static int remember(const arb_position *pos, int question, int side, long nodes, int value)
{
	if (nanswers < (int)(sizeof answers / sizeof answers[0])) {
		answer *a = &answers[nanswers++];
		arb_position_to_fen(pos, a->fen, sizeof a->fen, 0);
		a->question = question;
		a->side = side;
		a->nodes = nodes;
		a->value = value;
	}
	return value;
}

arb_verdict __wrap_arb_can_checkmate(const arb_position *pos, arb_color side, long max_nodes,
				     arb_analysis *out)
{
	if (analysis_mode)
		return __real_arb_can_checkmate(pos, side, max_nodes, out);
	answer *a = out ? NULL : known(pos, Q_CHECKMATE, side, max_nodes);
	if (a)
		return (arb_verdict)a->value;
	in_analysis++;
	arb_verdict v = __real_arb_can_checkmate(pos, side, max_nodes, out);
	in_analysis--;
	return out ? v : (arb_verdict)remember(pos, Q_CHECKMATE, side, max_nodes, v);
}

arb_verdict __wrap_arb_position_dead(const arb_position *pos, long max_nodes)
{
	if (analysis_mode)
		return __real_arb_position_dead(pos, max_nodes);
	answer *a = known(pos, Q_DEAD, 0, max_nodes);
	if (a)
		return (arb_verdict)a->value;
	in_analysis++;
	arb_verdict v = __real_arb_position_dead(pos, max_nodes);
	in_analysis--;
	return (arb_verdict)remember(pos, Q_DEAD, 0, max_nodes, v);
}

int __wrap_arb_uscf_insufficient_to_win(const arb_position *pos, arb_color flagged, long max_nodes)
{
	if (analysis_mode)
		return __real_arb_uscf_insufficient_to_win(pos, flagged, max_nodes);
	answer *a = known(pos, Q_USCF, flagged, max_nodes);
	if (a)
		return a->value;
	in_analysis++;
	int v = __real_arb_uscf_insufficient_to_win(pos, flagged, max_nodes);
	in_analysis--;
	return remember(pos, Q_USCF, flagged, max_nodes, v);
}

int __wrap_arbI_uw_dead_static(const arb_position *pos)
{
	if (analysis_mode)
		return __real_arbI_uw_dead_static(pos);
	answer *a = known(pos, Q_STATIC, 0, 0);
	if (a)
		return a->value;
	in_analysis++;
	int v = __real_arbI_uw_dead_static(pos);
	in_analysis--;
	return remember(pos, Q_STATIC, 0, 0, v);
}

/* ---- the workload ----------------------------------------------------------- */

/* What a run produced, hashed (FNV-1a): equal outputs, equal digests. */
static uint64_t digest;

static void take(const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		digest = (digest ^ b[i]) * 0x100000001b3ULL;
}

static void take_str(const char *s)
{
	take(s ? s : "(null)", strlen(s ? s : "(null)") + 1);
}

static void take_int(long v)
{
	take(&v, sizeof v);
}

static int sink(void *ctx, const char *buf, size_t n)
{
	(void)ctx;
	take(buf, n);
	return 0;
}

typedef struct mem_source {
	const char *text;
	size_t pos, len;
} mem_source;

static size_t source_read(void *ctx, char *buf, size_t n)
{
	mem_source *m = ctx;
	size_t k = m->len - m->pos < n ? m->len - m->pos : n;
	memcpy(buf, m->text + m->pos, k);
	m->pos += k;
	return k;
}

/* Games with comment commands of every kind, clocks, a variation, a long
 * comment (over the parser's inline buffer), a set-up position and a
 * broken game (skipped by the reader, which goes on). */
static const char games_pgn[] =
	"[Event \"claims\"]\n[Result \"1/2-1/2\"]\n[TimeControl \"300+2\"]\n\n"
	"1. Nf3 {[%clk 0:05:00]} Nf6 {[%clk 0:05:00]} 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 "
	"{[%offer white]} Ng8 {[%claim threefold black]} 1/2-1/2\n\n"
	"[Event \"illegal\"]\n[Result \"0-1\"]\n\n"
	"1. e4 {[%illegal white e4e6]} e5 (1... c5 2. Nf3 {a variation}) 2. Qh5 "
	"{[%illegal black e8e6] [%flagdown white] [%clk 0:00:00] [%clam x]} Nc6 "
	"{[%flag white]} 0-1\n\n"
	"[Event \"long comment\"]\n[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n"
	"1. d4 {"
	"a long comment a long comment a long comment a long comment a long comment "
	"a long comment a long comment a long comment a long comment a long comment "
	"a long comment a long comment a long comment a long comment a long comment "
	"a long comment a long comment a long comment a long comment a long comment "
	"a long comment a long comment a long comment a long comment a long comment "
	"a long comment a long comment a long comment a long comment a long comment "
	"a long comment a long comment a long comment a long comment a long comment "
	"a long comment a long comment a long comment a long comment a long comment "
	"} d5 2. c4 $1 {[%late black 30] [%clock 120 90]} e6 1-0\n\n"
	"[Event \"broken\"]\n[Result \"*\"]\n\n1. e4 e5 2. Kxe5 *\n\n"
	"[Event \"set-up\"]\n[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n"
	"[Result \"1/2-1/2\"]\n\n1. Qf7 1/2-1/2\n\n";

/* Token lines for games from the standard start. */
static const char *const token_lines[] = {
	"e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 f3g5 d7d5 e4d5 f6d5 g5f7 e8f7 offer:black decline:white",
	"f2f3 e7e5 g2g4 flagdown:black d8h4 resign:white",
	"e2e4 claim:fifty:black illegal:black:e7e4 pressnomove:black e7e5 claim:qpf:white "
	"ruling:reject clock:60:50 flag:both",
	"late:white:30 late:black:60 d2d4 d7d5 claim:threefold:white@c1g5 forfeit:white:adjudication",
	NULL, /* the knights' shuffle below: past the history's first 256 plies */
};
static char shuffle[32 * 72];

/* Rule sets: the neutral defaults and a few editions' choices. */
static const char *const rule_sets[] = {
	"",
	"draw.fivefold=any;draw.seventyfive=auto;illegal.lose_on=2;time.flag_test=fide",
	"draw.threefold=auto;draw.fifty=auto;draw.dead=material;time.flag_test=lichess;"
	"time.flag_by=server;illegal.mode=rejected",
	"score.draw=black-wins;draw.claim_is_offer=true;time.flag_test=uscf-14e;draw.dead=uscf",
};
#define NRULES (sizeof rule_sets / sizeof rule_sets[0])

static arb_rules rules[NRULES];

/* A run's outcome: 0 done, 1 stopped by out of memory as documented,
 * -1 another failure (printed). */
#define DONE 0
#define NOMEM 1
#define WRONG -1

static int wrong(const char *what, arb_status st, const arb_error *err)
{
	fprintf(stderr, "test_nomem: allocation %ld: %s: %s%s%s\n", fail_at, what,
		arb_status_name(st), err ? ": " : "", err ? err->message : "");
	return WRONG;
}

/* ARB_E_NOMEM is the documented answer; anything else is wrong. */
static int nomem(const char *what, arb_status st, const arb_error *err)
{
	return st == ARB_E_NOMEM ? NOMEM : wrong(what, st, err);
}

static void take_game(const arb_game *g)
{
	arb_game_result res;
	arb_game_result_get(g, &res);
	take_str(res.result);
	take_str(res.board);
	take_str(res.termination);
	take_int(res.code);
	take_str(res.reason);
	take_str(res.detail);
	take_str(res.article);
	take_str(res.trf[0]);
	take_str(res.points[1]);
	take_int(arb_game_decision_count(g));
	take_int(arb_game_event_count(g));
	take_int(arb_game_ply_count(g));
}

/* The game written into a fresh record and out as PGN. */
static int write_game(const arb_game *g)
{
	arb_record *out = arb_record_new();
	arb_status st;
	if (!out)
		return NOMEM;
	st = arb_game_to_record(g, out);
	if (st != ARB_OK) {
		arb_record_free(out);
		return nomem("arb_game_to_record", st, NULL);
	}
	st = arb_pgn_write(out, sink, NULL);
	arb_record_free(out);
	return st == ARB_OK ? DONE : nomem("arb_pgn_write", st, NULL);
}

/* Every game of a reader, adjudicated under every rule set. */
static int adjudicate_all(arb_pgn_reader *r)
{
	arb_record *rec;
	arb_error err;
	for (;;) {
		arb_status st = arb_pgn_next(r, &rec, &err);
		if (st == ARB_E_PGN) {
			take_str(err.message);
			continue;
		}
		if (st != ARB_OK)
			return nomem("arb_pgn_next", st, &err);
		if (!rec)
			return DONE;
		for (int i = 0; i < arb_record_warning_count(rec); i++)
			take_str(arb_record_warning(rec, i));
		for (size_t i = 0; i < NRULES; i++) {
			err.code = ARB_OK;
			arb_game *g = arb_game_from_record(rec, &rules[i], &err);
			if (!g) {
				/* An event the rules refuse is the game's answer. */
				if (err.code == ARB_E_EVENT) {
					take_str(err.message);
					continue;
				}
				return nomem("arb_game_from_record", err.code, &err);
			}
			take_game(g);
			int rc = write_game(g);
			arb_game_free(g);
			if (rc != DONE)
				return rc;
		}
		st = arb_pgn_write(rec, sink, NULL);
		if (st != ARB_OK)
			return nomem("arb_pgn_write", st, NULL);
	}
}

/* Feeds a token line event by event. An event that ran out of memory is
 * undone whole (arb_game_event), so it is fed again: the game must go on to
 * the same end as if nothing had failed. */
static long retried;

static int feed(arb_game *g, const char *line)
{
	arb_error err;
	for (const char *p = line; *p;) {
		while (*p == ' ')
			p++;
		size_t n = strcspn(p, " ");
		if (n == 0)
			break;
		arb_event ev;
		if (arb_event_parse(p, n, &ev, &err) != ARB_OK)
			return wrong("arb_event_parse", err.code, &err);
		arb_status st = arb_game_event(g, &ev, &err);
		if (st == ARB_E_NOMEM) {
			retried++;
			st = arb_game_event(g, &ev, &err);
		}
		if (st == ARB_E_EVENT) {
			take_str(err.message);
			return DONE;
		}
		if (st != ARB_OK)
			return nomem("arb_game_event", st, &err);
		p += n;
	}
	return DONE;
}

static int workload(const char *data_dir)
{
	char path[1024];
	arb_error err;
	int rc;

	mem_source m = {games_pgn, 0, sizeof games_pgn - 1};
	arb_pgn_reader *r = arb_pgn_reader_new(source_read, &m, "games", 0);
	if (!r)
		return NOMEM;
	rc = adjudicate_all(r);
	take_int(arb_pgn_reader_games(r));
	take_int(arb_pgn_reader_errors(r));
	arb_pgn_reader_free(r);
	if (rc != DONE)
		return rc;

	snprintf(path, sizeof path, "%s/pgn-termination/terminations.pgn", data_dir);
	r = arb_pgn_reader_open(path, ARB_PGN_SKIP_VARIATIONS, &err);
	if (!r)
		return nomem("arb_pgn_reader_open", err.code, &err);
	rc = adjudicate_all(r);
	arb_pgn_reader_free(r);
	if (rc != DONE)
		return rc;

	for (size_t t = 0; t < sizeof token_lines / sizeof token_lines[0]; t++)
		for (size_t i = 0; i < NRULES; i++) {
			arb_game *g = arb_game_new(&rules[i], NULL, NULL);
			if (!g)
				return NOMEM;
			rc = feed(g, token_lines[t] ? token_lines[t] : shuffle);
			if (rc != DONE) {
				arb_game_free(g);
				return rc;
			}
			take_game(g);
			rc = write_game(g);
			arb_game_free(g);
			if (rc != DONE)
				return rc;
		}
	return DONE;
}

/* ---- the second workload: the analysis itself ------------------------------ */

/* Positions whose analysis needs memory: a locked pawn wall (the structure
 * proof), a bishop and pawns against pawns (the search, its sub-goals and
 * the walk), a mate in a few moves, and US Chess 14E with a lone knight (its
 * forced-win search). */
static const char *const analysis_fens[] = {
	"8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1",
	"8/4k3/8/1p1p4/1P1P4/8/4K3/2B5 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"8/8/8/4k3/8/8/3NK3/8 w - - 0 1",
	"k7/8/1K6/8/8/8/5B2/8 w - - 0 1",
};
#define NFENS (sizeof analysis_fens / sizeof analysis_fens[0])

/* Games from those positions whose events need the analysis: a flag (the
 * FIDE and US Chess tests), an illegal-move loss, a resignation under
 * FIDE 2023 5.1.2, and moves after which the position is looked at. */
static const char *const analysis_games[][2] = {
	{"8/4k3/8/1p1p4/1P1P4/8/4K3/2B5 w - - 0 1", "c1d2 e7e6 flag:black"},
	{"8/4k3/8/1p1p4/1P1P4/8/4K3/2B5 w - - 0 1", "c1d2 e7e6 flag:white"},
	{"8/8/8/4k3/8/8/3NK3/8 w - - 0 1", "flag:white"},
	{"8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1", "d2e2 b6b7 resign:white"},
	{"8/4k3/8/1p1p4/1P1P4/8/4K3/2B5 w - - 0 1", "illegal:black:e7e1 illegal:black:e7e2"},
};
#define NGAMES (sizeof analysis_games / sizeof analysis_games[0])

static const char *const analysis_rules[] = {
	"time.flag_test=fide;illegal.lose_on=2;illegal.cannot_mate=fide;draw.dead=analysis",
	"time.flag_test=uscf-14e;draw.dead=uscf",
	"time.flag_test=fide;draw.resign_dead_draw=true;draw.dead=analysis",
};
#define NARULES (sizeof analysis_rules / sizeof analysis_rules[0])
static arb_rules arules[NARULES];

/* One answer of the analysis: its value, or NOMEM_ANSWER. */
#define NOMEM_ANSWER 1000

static int analysis_workload(int *out, int *n)
{
	arb_position *pos = arb_position_new();
	arb_error err;
	*n = 0;
	if (!pos)
		return NOMEM;
	for (size_t i = 0; i < NFENS; i++) {
		if (arb_position_set_fen(pos, analysis_fens[i], 0, &err) != ARB_OK) {
			arb_position_free(pos);
			return wrong("arb_position_set_fen", err.code, &err);
		}
		for (int side = 0; side < 2; side++) {
			arb_analysis a;
			arb_verdict v = arb_can_checkmate(pos, (arb_color)side, 20000, &a);
			/* a winnable verdict with its line's length */
			out[(*n)++] = v == ARB_VERDICT_NOMEM ? NOMEM_ANSWER :
				      v == ARB_WINNABLE      ? 100 + a.line_len :
							       (int)v;
			int u = arb_uscf_insufficient_to_win(pos, (arb_color)side, 20000);
			out[(*n)++] = u < 0 ? NOMEM_ANSWER : u;
			int m = arb_position_cannot_mate(pos, (arb_color)side, ARB_MATE_FIDE, 20000,
							 NULL);
			out[(*n)++] = m < 0 ? NOMEM_ANSWER : m;
		}
		arb_verdict d = arb_position_dead(pos, 20000);
		out[(*n)++] = d == ARB_VERDICT_NOMEM ? NOMEM_ANSWER : (int)d;
	}
	for (size_t k = 0; k < NGAMES; k++)
		for (size_t i = 0; i < NARULES; i++) {
			if (arb_position_set_fen(pos, analysis_games[k][0], 0, &err) != ARB_OK) {
				arb_position_free(pos);
				return wrong("arb_position_set_fen", err.code, &err);
			}
			arb_game *g = arb_game_new(&arules[i], pos, NULL);
			if (!g) {
				out[(*n)++] = NOMEM_ANSWER;
				continue;
			}
			digest = 0xcbf29ce484222325ULL;
			int rc = feed(g, analysis_games[k][1]);
			take_game(g);
			arb_game_free(g);
			if (rc == WRONG) {
				arb_position_free(pos);
				return WRONG;
			}
			/* feed() feeds an undone event again: the game must end
			 * as it does with all the memory it wants */
			out[(*n)++] = (int)(digest & 0x7fffffff);
		}
	arb_position_free(pos);
	return DONE;
}

static int check_analysis(void)
{
	int ref[256], got[256], nref, ngot, bad = 0;
	long runs = 0, nomem_answers = 0;
	analysis_mode = 1;
	fail_at = 0;
	count = 0;
	if (analysis_workload(ref, &nref) != DONE) {
		fprintf(stderr, "test_nomem: the analysis workload fails with all the memory\n");
		return 1;
	}
	for (int i = 0; i < nref; i++)
		if (ref[i] == NOMEM_ANSWER) {
			fprintf(stderr,
				"test_nomem: answer %d is out of memory without a failure\n", i);
			return 1;
		}
	const long total = count;
	for (fail_at = 1;; fail_at++) {
		count = 0;
		failed = 0;
		int rc = analysis_workload(got, &ngot);
		if (live != 0) {
			fprintf(stderr, "test_nomem: analysis, allocation %ld: %ld blocks leaked\n",
				fail_at, live);
			live = 0;
			bad = 1;
		}
		if (!failed)
			break;
		runs++;
		if (rc == WRONG) {
			bad = 1;
			continue;
		}
		if (rc == NOMEM)
			continue; /* the position itself could not be had */
		/* Every answer as with all the memory, or out of memory. */
		for (int i = 0; i < nref && i < ngot; i++) {
			if (got[i] == NOMEM_ANSWER) {
				nomem_answers++;
			} else if (got[i] != ref[i]) {
				fprintf(stderr,
					"test_nomem: analysis, allocation %ld failed: answer %d "
					"is %d, not %d\n",
					fail_at, i, got[i], ref[i]);
				bad = 1;
			}
		}
		if (ngot != nref) {
			fprintf(stderr,
				"test_nomem: analysis, allocation %ld: %d answers, not %d\n",
				fail_at, ngot, nref);
			bad = 1;
		}
	}
	analysis_mode = 0;
	printf("test_nomem: %ld allocations in the analysis workload; each failed in turn: "
	       "%ld runs, %ld answers out of memory, the others as without a failure; %s\n",
	       total, runs, nomem_answers, bad ? "FAILED" : "ok");
	return bad;
}

/* ---- the pairing layer's matching -------------------------------------------- */

/* Graphs whose optimum needs blossoms (small weights with ties, odd
 * cycles), solved for the most weight and for the most edges: a graph and
 * the solver's arrays, then one allocation per blossom made. Returns DONE
 * with the matchings hashed into *out, NOMEM, or WRONG. */
static int matching_workload(uint64_t *out)
{
	uint64_t h = 0xcbf29ce484222325ULL, seed = 5;
	for (int round = 0; round < 6; round++) {
		int n = 12 + 4 * round;
		arbI_graph *g;
		arb_status st = arbI_graph_new(n, &g, NULL);
		if (st != ARB_OK)
			return st == ARB_E_NOMEM ? NOMEM : WRONG;
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
				if ((seed >> 60) < 6) {
					arbI_weight w;
					arbI_weight_set_u64(&w, (seed >> 40) % 10);
					arbI_weight_set_bits(&w, 130, 3, (seed >> 20) % 3);
					arbI_graph_set_edge(g, i, j, &w, NULL);
				}
			}
		int mate[40];
		for (int mode = 0; mode < 2; mode++) {
			arbI_weight total;
			st = arbI_graph_match(g, mode ? ARBI_MATCH_MAX_CARDINALITY : 0, mate,
					      &total, NULL);
			if (st != ARB_OK) {
				arbI_graph_free(g);
				return st == ARB_E_NOMEM ? NOMEM : WRONG;
			}
			for (int v = 0; v < n; v++)
				h = (h ^ (uint64_t)(mate[v] + 1)) * 0x100000001b3ULL;
			for (int i = 0; i < ARBI_WEIGHT_WORDS; i++)
				h = (h ^ total.word[i]) * 0x100000001b3ULL;
		}
		arbI_graph_free(g);
	}
	*out = h;
	return DONE;
}

/* Each allocation of the matching workload failing in turn: ARB_E_NOMEM
 * every time (the matching has no optional memory), no leak; and with all
 * the memory, the same matchings as always. */
static int check_matching(void)
{
	uint64_t ref, got;
	int bad = 0;
	fail_at = 0;
	count = 0;
	if (matching_workload(&ref) != DONE) {
		fprintf(stderr, "test_nomem: the matching workload fails with all the memory\n");
		return 1;
	}
	const long total = count;
	long runs = 0;
	for (fail_at = 1;; fail_at++) {
		count = 0;
		failed = 0;
		int rc = matching_workload(&got);
		if (live != 0) {
			fprintf(stderr, "test_nomem: matching, allocation %ld: %ld blocks leaked\n",
				fail_at, live);
			live = 0;
			bad = 1;
		}
		if (!failed) {
			if (rc != DONE || got != ref) {
				fprintf(stderr, "test_nomem: matching: a different result\n");
				bad = 1;
			}
			break;
		}
		runs++;
		if (rc != NOMEM) {
			fprintf(stderr,
				"test_nomem: matching, allocation %ld failed: %s, not ARB_E_NOMEM\n",
				fail_at, rc == DONE ? "nothing said so" : "another error");
			bad = 1;
		}
	}
	printf("test_nomem: %ld allocations in the matching workload; each failed in turn: "
	       "%ld runs, all ARB_E_NOMEM; %s\n",
	       total, runs, bad ? "FAILED" : "ok");
	return bad;
}

/* ---- the runs ------------------------------------------------------------------- */

static void rules_of(arb_rules *r, const char *kv)
{
	char buf[512], *save = NULL;
	arb_error err;
	arb_rules_init(r);
	snprintf(buf, sizeof buf, "%s", kv);
	for (char *item = strtok_r(buf, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
		char *eq = strchr(item, '=');
		if (!eq || (*eq = '\0', arb_rules_set(r, item, eq + 1, &err) != ARB_OK)) {
			fprintf(stderr, "test_nomem: bad rule %s\n", item);
			exit(1);
		}
	}
}

int main(int argc, char **argv)
{
	const char *data_dir = argc > 1 ? argv[1] : "tests/data";
	for (size_t i = 0; i < NRULES; i++)
		rules_of(&rules[i], rule_sets[i]);
	for (int i = 0; i < 72; i++)
		strcat(shuffle, "g1f3 g8f6 f3g1 f6g8 ");

	for (size_t i = 0; i < NARULES; i++)
		rules_of(&arules[i], analysis_rules[i]);
	if (check_analysis() != 0)
		return 1;
	if (check_matching() != 0)
		return 1;

	/* The reference: nothing fails. */
	fail_at = 0;
	count = 0;
	digest = 0xcbf29ce484222325ULL;
	if (workload(data_dir) != DONE) {
		fprintf(stderr, "test_nomem: the workload fails with all the memory it wants\n");
		return 1;
	}
	const uint64_t reference = digest;
	const long total = count;
	if (live != 0) {
		fprintf(stderr, "test_nomem: %ld blocks left allocated without a failure\n", live);
		return 1;
	}

	int bad = 0;
	long reported = 0, same = 0;
	for (fail_at = 1;; fail_at++) {
		count = 0;
		failed = 0;
		digest = 0xcbf29ce484222325ULL;
		long was_retried = retried;
		int rc = workload(data_dir);
		if (live != 0) {
			fprintf(stderr, "test_nomem: allocation %ld: %ld blocks leaked\n", fail_at,
				live);
			live = 0;
			bad = 1;
		}
		if (!failed) {
			if (rc != DONE || digest != reference) {
				fprintf(stderr,
					"test_nomem: %ld allocations without a failure, "
					"and a different output\n",
					count);
				bad = 1;
			}
			break;
		}
		if (rc == WRONG) {
			bad = 1;
		} else if (rc == DONE && digest != reference) {
			fprintf(stderr,
				"test_nomem: allocation %ld failed, %s, and the output "
				"differs\n",
				fail_at,
				retried > was_retried ? "the event fed again" : "nothing said so");
			bad = 1;
		} else if (rc == DONE && retried == was_retried) {
			/* Nothing in the library gets by without the memory it asks
			 * for: a failure nobody reported was swallowed. */
			fprintf(stderr, "test_nomem: allocation %ld failed and nothing said so\n",
				fail_at);
			bad = 1;
		}
		reported += rc == NOMEM;
		same += rc == DONE;
	}
	printf("test_nomem: %ld allocations in the workload; each failed in turn: %ld runs "
	       "stopped with ARB_E_NOMEM, %ld went on to the same output (%ld of them by "
	       "feeding the undone event again); %s\n",
	       total, reported, same, retried, bad ? "FAILED" : "ok");
	return bad;
}
