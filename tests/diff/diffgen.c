/*
 * diffgen.c -- games for the differential test against chessops.
 *
 * Plays seeded random games (standard, Chess960 and double Chess960 starts,
 * some thinned out), or games from given FENs (--fen, --fen-file), and
 * writes one JSON line per game: every position with what arbiter says
 * about it (X-FEN, Shredder-FEN, the legal moves in UCI, their SAN on
 * sampled plies, check/mate/stalemate, insufficient material, repetition
 * count, automatic ending, perft(3) on sampled plies, whether a side with
 * only minor pieces can still mate), the move played, and the game as
 * arbiter writes it in PGN. tests/diff/compare.mjs replays the games with
 * chessops and compares. Written on the public header only.
 *
 * Game g of seed S is a pure function of (S, g): `--first g --games 1`
 * reproduces it alone. Memory is bounded by the longest game (LONG_PLIES).
 * The record format is described in tests/diff/README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define NORMAL_PLIES 400 /* "normal" and "rooks" games are cut here */
#define LONG_PLIES 800   /* "shuffle" and "repeat" games are cut here */
#define UCI_MAX 8

/* ------------------------------------------------------------------------
 * A growable text buffer (the game line, the PGN)
 * ---------------------------------------------------------------------- */

typedef struct sbuf {
	char *p;
	size_t len, cap;
} sbuf;

static void die(const char *what)
{
	fprintf(stderr, "diffgen: %s\n", what);
	exit(2);
}

static void sb_put(sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1 << 16;
		while (cap < b->len + n + 1)
			cap *= 2;
		b->p = realloc(b->p, cap);
		if (!b->p)
			die("out of memory");
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void sb_str(sbuf *b, const char *s)
{
	sb_put(b, s, strlen(s));
}

static void sb_fmt(sbuf *b, const char *fmt, unsigned long long v)
{
	char tmp[32];
	int n = snprintf(tmp, sizeof tmp, fmt, v);
	sb_put(b, tmp, (size_t)n);
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void sb_json(sbuf *b, const char *s, size_t n)
{
	char esc[8];
	sb_put(b, "\"", 1);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = (char)c;
			sb_put(b, esc, 2);
		} else if (c == '\n') {
			sb_put(b, "\\n", 2);
		} else if (c < 0x20) {
			snprintf(esc, sizeof esc, "\\u%04x", c);
			sb_put(b, esc, 6);
		} else {
			sb_put(b, s + i, 1);
		}
	}
	sb_put(b, "\"", 1);
}

static int sb_sink(void *ctx, const char *buf, size_t n)
{
	sb_put(ctx, buf, n);
	return 0;
}

/* ------------------------------------------------------------------------
 * Seeds: game g of seed S gets its own SplitMix64 stream
 * ---------------------------------------------------------------------- */

/* The SplitMix64 finaliser: seeds S*K + g would give overlapping streams
 * (each a shift of the other), hashed ones do not. */
static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static long pick(arb_rng *rng, long m)
{
	long r = arb_rng_uniform(rng, m);
	if (r < 0)
		die("random generator failed");
	return r;
}

/* ------------------------------------------------------------------------
 * Move choice: weights by kind, so castling, e.p., promotions and checks
 * come up far more often than in uniform random play
 * ---------------------------------------------------------------------- */

enum style { STYLE_NORMAL, STYLE_SHUFFLE, STYLE_REPEAT, STYLE_ROOKS, STYLE_COUNT };
static const char *const style_names[] = {"normal", "shuffle", "repeat", "rooks"};

enum kind {
	K_CASTLE,  /* castling */
	K_EP,      /* an e.p. capture */
	K_PROMO,   /* a promotion (each piece is its own move) */
	K_CHECK,   /* any other move that gives check */
	K_CAPTURE, /* any other capture */
	K_DOUBLE,  /* a two-square pawn move next to an enemy pawn (e.p. comes up) */
	K_PAWN,    /* any other pawn move */
	K_ROOK,    /* any other rook move */
	K_KING,    /* any other king move */
	K_QUIET,   /* any other move */
	K_BACK,    /* a quiet move that takes back the mover's previous move */
	K_COUNT
};

/* Weight of each kind per style. "shuffle" games avoid captures and pawn
 * moves so that the half-move clock reaches 100 and 150; "repeat" games
 * mostly take back their own last move, which repeats positions; "rooks"
 * games move rooks and hardly the king, so that a rook comes round to the
 * back rank beside one that can still castle (X-FEN then names it by its
 * file). */
static const int weights[STYLE_COUNT][K_COUNT] = {
	/*      castle  ep  promo check capture double pawn rook king quiet back */
	[STYLE_NORMAL] = {400, 400, 200, 60, 20, 100, 10, 10, 10, 10, 10},
	[STYLE_SHUFFLE] = {100, 100, 20, 5, 1, 1, 1, 100, 100, 100, 100},
	[STYLE_REPEAT] = {100, 100, 20, 5, 1, 1, 1, 20, 20, 20, 2000},
	[STYLE_ROOKS] = {5, 400, 50, 5, 5, 50, 20, 400, 1, 10, 10},
};

/* 1 if the pawn move from-to goes two squares and lands beside an enemy pawn. */
static int double_push_by_pawn(const arb_position *pos, int from, int to)
{
	arb_piece enemy = ARB_PIECE(!arb_position_side_to_move(pos), ARB_PAWN);
	if (to - from != 16 && from - to != 16)
		return 0;
	return (ARB_FILE(to) > 0 && arb_position_piece_at(pos, to - 1) == enemy) ||
	       (ARB_FILE(to) < 7 && arb_position_piece_at(pos, to + 1) == enemy);
}

/* The kind of `m` in `pos`; `last` is the mover's previous move (or NONE). */
static enum kind classify(arb_position *pos, arb_move m, arb_move last)
{
	arb_undo u;
	int check;
	int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
	arb_move_kind k = ARB_MOVE_KIND(m);

	if (k == ARB_MOVE_CASTLING)
		return K_CASTLE;
	if (k == ARB_MOVE_EN_PASSANT)
		return K_EP;
	if (k == ARB_MOVE_PROMOTION)
		return K_PROMO;
	arb_position_do_move(pos, m, &u);
	check = arb_position_in_check(pos);
	arb_position_undo_move(pos, m, &u);
	if (check)
		return K_CHECK;
	if (arb_position_piece_at(pos, to) != ARB_EMPTY)
		return K_CAPTURE;
	if (ARB_PIECE_TYPE(arb_position_piece_at(pos, from)) == ARB_PAWN)
		return double_push_by_pawn(pos, from, to) ? K_DOUBLE : K_PAWN;
	if (last != ARB_MOVE_NONE && ARB_MOVE_KIND(last) == ARB_MOVE_NORMAL &&
	    ARB_MOVE_FROM(last) == to && ARB_MOVE_TO(last) == from)
		return K_BACK;
	switch (ARB_PIECE_TYPE(arb_position_piece_at(pos, from))) {
	case ARB_ROOK:
		return K_ROOK;
	case ARB_KING:
		return K_KING;
	default:
		return K_QUIET;
	}
}

static arb_move choose(arb_rng *rng, arb_position *pos, const arb_move *moves, int n,
		       enum style style, arb_move last)
{
	long w[ARB_MAX_MOVES], total = 0;

	for (int i = 0; i < n; i++) {
		w[i] = weights[style][classify(pos, moves[i], last)];
		total += w[i];
	}
	long r = pick(rng, total);
	for (int i = 0; i < n; i++) {
		if (r < w[i])
			return moves[i];
		r -= w[i];
	}
	return moves[n - 1];
}

/* ------------------------------------------------------------------------
 * One position of the record
 * ---------------------------------------------------------------------- */

typedef struct ucimove {
	char text[UCI_MAX];
	arb_move move;
} ucimove;

static int cmp_uci(const void *a, const void *b)
{
	return strcmp(((const ucimove *)a)->text, ((const ucimove *)b)->text);
}

static const char *ending_name(arb_ending e)
{
	switch (e) {
	case ARB_END_CHECKMATE:
		return "checkmate";
	case ARB_END_STALEMATE:
		return "stalemate";
	case ARB_END_DEAD:
		return "dead";
	case ARB_END_FIVEFOLD:
		return "fivefold";
	case ARB_END_SEVENTYFIVE:
		return "seventyfive";
	case ARB_END_INSUFFICIENT: /* flags diffgen does not ask for */
	case ARB_END_FIFTY:
	case ARB_END_THREEFOLD:
	case ARB_END_NONE:
		break;
	}
	return "";
}

/* ------------------------------------------------------------------------
 * "Can this side still checkmate?" where chessops has a material rule
 * ---------------------------------------------------------------------- */

/* A side with nothing but minor pieces: chessops then says by a material
 * rule whether it can mate, and compare.mjs sets that against arbiter's
 * search (arb_can_checkmate), whose winning lines it replays. */
static int minor_only(const arb_position *pos, arb_color side)
{
	for (int sq = 0; sq < 64; sq++) {
		arb_piece pc = arb_position_piece_at(pos, sq);
		arb_piece_type t = ARB_PIECE_TYPE(pc);
		if (pc != ARB_EMPTY && ARB_PIECE_COLOR(pc) == side &&
		    (t == ARB_PAWN || t == ARB_ROOK || t == ARB_QUEEN))
			return 0;
	}
	return 1;
}

/* The material of both sides (counts by piece type, bishops by square
 * colour) as a number: the analysis runs once per material balance. */
static uint64_t material_key(const arb_position *pos)
{
	uint64_t key = 0;
	for (int sq = 0; sq < 64; sq++) {
		arb_piece pc = arb_position_piece_at(pos, sq);
		if (pc == ARB_EMPTY)
			continue;
		int type = ARB_PIECE_TYPE(pc), light = (ARB_FILE(sq) + ARB_RANK(sq)) % 2;
		int slot = type == ARB_BISHOP && light ? 7 : type;     /* 1..7 */
		key += 1ULL << (4 * (slot + 8 * ARB_PIECE_COLOR(pc))); /* 4 bits a count */
	}
	return key;
}

#define MATE_NODES 20000 /* budget of each analysis: undetermined beyond */

/* Writes ,"vw":"W|U|?" (and the mating line ,"lw":"uci ...") for each
 * minor-only side (vb/lb for Black). */
static void put_analysis(sbuf *b, const arb_position *pos)
{
	static arb_analysis an; /* big (the line): not on the stack */
	arb_position *line = arb_position_clone(pos);
	char uci[UCI_MAX];
	arb_undo u;

	if (!line)
		die("out of memory");
	for (int side = ARB_WHITE; side <= ARB_BLACK; side++) {
		if (!minor_only(pos, (arb_color)side))
			continue;
		arb_verdict v = arb_can_checkmate(pos, (arb_color)side, MATE_NODES, &an);
		sb_str(b, side == ARB_WHITE ? ",\"vw\":\"" : ",\"vb\":\"");
		sb_str(b, v == ARB_WINNABLE ? "W\"" : v == ARB_UNWINNABLE ? "U\"" : "?\"");
		if (v != ARB_WINNABLE)
			continue;
		sb_str(b, side == ARB_WHITE ? ",\"lw\":\"" : ",\"lb\":\"");
		arb_position_copy(line, pos);
		for (int i = 0; i < an.line_len; i++) {
			arb_move_to_uci(line, an.line[i], uci);
			sb_str(b, i ? " " : "");
			sb_str(b, uci);
			arb_position_do_move(line, an.line[i], &u);
		}
		sb_put(b, "\"", 1);
	}
	arb_position_free(line);
}

/* Options that decide how much is written per position. */
typedef struct opts {
	unsigned long long seed;
	long first, games;
	int san_every;   /* SAN of every legal move on every Nth ply (and on
			    plies in check or with a castling, e.p. or
			    promotion move) */
	int perft_every; /* perft(3) on about one position in N */
} opts;

/* Writes the position object for `pos` (the history's current position). */
static void put_position(sbuf *b, arb_position *pos, const arb_history *h, arb_ending ending,
			 int ply, int full, int analyse, arb_rng *rng, const opts *o)
{
	char x[ARB_FEN_MAX], s[ARB_FEN_MAX], san[ARB_SAN_MAX];
	arb_move moves[ARB_MAX_MOVES];
	ucimove list[ARB_MAX_MOVES];
	int n = arb_position_legal_moves(pos, moves), special = 0;
	arb_terminal t = arb_position_terminal(pos);

	arb_position_to_fen(pos, x, sizeof x, 0);
	arb_position_to_fen(pos, s, sizeof s, ARB_FEN_SHREDDER);
	sb_str(b, "{\"x\":");
	sb_json(b, x, strlen(x));
	if (strcmp(x, s) != 0) {
		sb_str(b, ",\"s\":");
		sb_json(b, s, strlen(s));
	}
	for (int i = 0; i < n; i++) {
		arb_move_to_uci(pos, moves[i], list[i].text);
		list[i].move = moves[i];
		special |= ARB_MOVE_KIND(moves[i]) != ARB_MOVE_NORMAL;
	}
	qsort(list, (size_t)n, sizeof list[0], cmp_uci);
	sb_str(b, ",\"m\":\"");
	for (int i = 0; i < n; i++) {
		if (i)
			sb_put(b, " ", 1);
		sb_str(b, list[i].text);
	}
	sb_put(b, "\"", 1);
	if (n > 0 && (full || special || arb_position_in_check(pos) || ply % o->san_every == 0)) {
		sb_str(b, ",\"n\":\"");
		for (int i = 0; i < n; i++) {
			if (i)
				sb_put(b, " ", 1);
			arb_move_to_san(pos, list[i].move, san);
			sb_str(b, san);
		}
		sb_put(b, "\"", 1);
	}
	sb_str(b, ",\"f\":\"");
	if (arb_position_in_check(pos))
		sb_put(b, "c", 1);
	if (t == ARB_CHECKMATE)
		sb_put(b, "m", 1);
	if (t == ARB_STALEMATE)
		sb_put(b, "s", 1);
	if (arb_position_insufficient_both(pos))
		sb_put(b, "i", 1);
	sb_put(b, "\"", 1);
	sb_fmt(b, ",\"r\":%llu", (unsigned long long)arb_history_occurrences(h));
	if (ending != ARB_END_NONE) {
		sb_str(b, ",\"e\":");
		sb_json(b, ending_name(ending), strlen(ending_name(ending)));
	}
	if (analyse)
		put_analysis(b, pos);
	if (n > 0 && (pick(rng, o->perft_every) == 0 || full))
		sb_fmt(b, ",\"p\":%llu", (unsigned long long)arb_perft(pos, 3, 0));
}

/* ------------------------------------------------------------------------
 * One game
 * ---------------------------------------------------------------------- */

typedef struct game_state {
	arb_position *pos;
	arb_record *rec;
	sbuf line, pgn;
} game_state;

/* The placement field of `pos` without the pieces whose bit is set in
 * `drop` (bit = square). */
static void placement_without(const arb_position *pos, uint64_t drop, char *out)
{
	static const char letters[] = " pnbrqk";
	int k = 0;

	for (int rank = 7; rank >= 0; rank--) {
		int empty = 0;
		for (int file = 0; file < 8; file++) {
			int sq = ARB_SQUARE(file, rank);
			arb_piece pc = arb_position_piece_at(pos, sq);
			if (pc == ARB_EMPTY || (drop >> sq & 1)) {
				empty++;
				continue;
			}
			if (empty)
				out[k++] = (char)('0' + empty);
			empty = 0;
			char c = letters[ARB_PIECE_TYPE(pc)];
			out[k++] = ARB_PIECE_COLOR(pc) == ARB_WHITE ? (char)(c - 'a' + 'A') : c;
		}
		if (empty)
			out[k++] = (char)('0' + empty);
		if (rank)
			out[k++] = '/';
	}
	out[k] = '\0';
}

/* Thins a start position out: each pawn goes with probability 2/5, each
 * knight, bishop and queen with 1/2; kings and rooks stay, and with them
 * the castling rights. Rooks then travel, castling paths open early, pawns
 * promote soon. Drawn again while the side not to move would be in check. */
static void thin_out(arb_position *pos, arb_rng *rng)
{
	char fen[ARB_FEN_MAX], placement[80], text[ARB_FEN_MAX + 16];
	unsigned flags = arb_position_is_chess960(pos) ? ARB_FEN_CHESS960 : ARB_FEN_STANDARD;
	arb_error err;

	arb_position_to_fen(pos, fen, sizeof fen, 0);
	const char *castling = strchr(strchr(fen, ' ') + 1, ' ') + 1;
	for (int tries = 0; tries < 1000; tries++) {
		uint64_t drop = 0;
		for (int sq = 0; sq < 64; sq++) {
			arb_piece_type t = ARB_PIECE_TYPE(arb_position_piece_at(pos, sq));
			if ((t == ARB_PAWN && pick(rng, 5) < 2) ||
			    ((t == ARB_KNIGHT || t == ARB_BISHOP || t == ARB_QUEEN) &&
			     pick(rng, 2)))
				drop |= 1ULL << sq;
		}
		placement_without(pos, drop, placement);
		snprintf(text, sizeof text, "%s w %.*s - 0 1", placement,
			 (int)strcspn(castling, " "), castling);
		if (arb_position_set_fen(pos, text, flags, &err) == ARB_OK)
			return;
	}
	die("no thinned start position found");
}

static const char *result_of(arb_ending e, const arb_position *pos)
{
	if (e == ARB_END_CHECKMATE)
		return arb_position_side_to_move(pos) == ARB_WHITE ? "0-1" : "1-0";
	return e == ARB_END_NONE ? "*" : "1/2-1/2";
}

/* How a game is made: where it starts, how its moves are chosen, how long
 * it may go, and how many of its first positions get the full checks. */
typedef struct game_plan {
	long id;
	char start[24];   /* "standard", "chess960", "double960" [-thinned], "fen" */
	int white, black; /* the Chess960 arrays (518 for standard) */
	enum style style;
	int limit;         /* plies at most */
	const char *moves; /* moves to play (UCI, blank-separated), or NULL: random */
	int full_plies;    /* positions before this ply get SAN lists and perft(3) */
} game_plan;

/* The two random streams of game `id`: its moves, and which plies get SAN
 * lists and perft (apart, so that --perft-every does not change the games). */
static void seed_game(const opts *o, long id, arb_rng *rng, arb_rng *sample)
{
	uint64_t key = mix64(o->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)id);
	arb_rng_seed(rng, key);
	arb_rng_seed(sample, mix64(key ^ 0x5A5A5A5A5A5A5A5AULL));
}

/* A random start and style: 30% standard, 40% Chess960, 30% double
 * Chess960, a fifth of each thinned out; 70% "normal" games, 12% "shuffle",
 * 8% "repeat", 10% "rooks". */
static void random_plan(arb_position *pos, arb_rng *rng, game_plan *plan)
{
	long r = pick(rng, 100);
	int thin = pick(rng, 5) == 0;

	plan->white = plan->black = 518;
	snprintf(plan->start, sizeof plan->start, "standard");
	if (r < 30) {
		arb_position_set_start(pos);
	} else {
		plan->white = plan->black = (int)pick(rng, ARB_CHESS960_COUNT);
		snprintf(plan->start, sizeof plan->start, "chess960");
		if (r >= 70) {
			plan->black = (int)pick(rng, ARB_CHESS960_COUNT - 1);
			plan->black += plan->black >= plan->white; /* a different array */
			snprintf(plan->start, sizeof plan->start, "double960");
		}
		if (arb_chess960_position(pos, plan->white, plan->black) != ARB_OK)
			die("arb_chess960_position failed");
	}
	if (thin) {
		thin_out(pos, rng);
		strcat(plan->start, "-thinned");
	}
	r = pick(rng, 100);
	plan->style = STYLE_NORMAL;
	plan->limit = NORMAL_PLIES;
	if (r >= 90) {
		plan->style = STYLE_ROOKS;
	} else if (r >= 70) {
		plan->style = r < 82 ? STYLE_SHUFFLE : STYLE_REPEAT;
		plan->limit = LONG_PLIES;
	}
}

/* The next move of a given list (advancing *text), or ARB_MOVE_NONE at its end. */
static arb_move next_given(const arb_position *pos, const char **text)
{
	char word[16];
	arb_move m;
	arb_error err;
	size_t n;

	*text += strspn(*text, " \t");
	n = strcspn(*text, " \t");
	if (n == 0)
		return ARB_MOVE_NONE;
	if (n >= sizeof word)
		die("--moves: a move is too long");
	memcpy(word, *text, n);
	word[n] = '\0';
	*text += n;
	if (arb_move_from_uci(pos, word, &m, &err) != ARB_OK) {
		fprintf(stderr, "diffgen: --moves: %s: %s\n", word, err.message);
		exit(2);
	}
	return m;
}

/* Plays the game of `plan` from gs->pos and writes its line. */
static void play_game(game_state *gs, const game_plan *plan, arb_rng *rng, arb_rng *sample,
		      const opts *o)
{
	arb_move moves[ARB_MAX_MOVES], last[2] = {ARB_MOVE_NONE, ARB_MOVE_NONE};
	arb_undo u;
	char uci[UCI_MAX], san[ARB_SAN_MAX], tag[32];
	const char *end = plan->moves ? "given" : "maxply", *given = plan->moves;
	arb_ending ending = ARB_END_NONE;
	sbuf *b = &gs->line;

	arb_history *h = arb_history_new(gs->pos);
	if (!h)
		die("out of memory");
	arb_record_clear(gs->rec);
	if (arb_record_set_start(gs->rec, gs->pos) != ARB_OK)
		die("arb_record_set_start failed");

	b->len = 0;
	sb_fmt(b, "{\"id\":%llu", (unsigned long long)plan->id);
	sb_fmt(b, ",\"seed\":%llu", o->seed);
	sb_str(b, ",\"start\":\"");
	sb_str(b, plan->start);
	sb_fmt(b, "\",\"w\":%llu", (unsigned long long)plan->white);
	sb_fmt(b, ",\"b\":%llu", (unsigned long long)plan->black);
	sb_fmt(b, ",\"chess960\":%llu", (unsigned long long)arb_position_is_chess960(gs->pos));
	sb_str(b, ",\"style\":\"");
	sb_str(b, plan->moves ? "given" : style_names[plan->style]);
	sb_str(b, "\",\"plies\":[");

	int node = 0;
	uint64_t material = 0;
	for (int ply = 0;; ply++) {
		ending = arb_history_ending(h, ARB_ENDING_FIVEFOLD | ARB_ENDING_SEVENTYFIVE, 0);
		if (ply)
			sb_put(b, ",", 1);
		/* The checkmate analysis: at each new material balance. */
		uint64_t key = material_key(gs->pos);
		int analyse = key != material &&
			      (minor_only(gs->pos, ARB_WHITE) || minor_only(gs->pos, ARB_BLACK));
		material = key;
		int full = ply < plan->full_plies;
		put_position(b, gs->pos, h, ending, ply, full, analyse, sample, o);
		if (ending != ARB_END_NONE) {
			end = ending_name(ending);
			break;
		}
		if (arb_position_insufficient_both(gs->pos)) {
			end = "insufficient";
			break;
		}
		/* (the position object stays open at a break: closed below) */
		if (ply >= plan->limit)
			break;
		arb_move m;
		if (plan->moves) {
			m = next_given(gs->pos, &given);
			if (m == ARB_MOVE_NONE)
				break;
		} else {
			int n = arb_position_legal_moves(gs->pos, moves);
			m = choose(rng, gs->pos, moves, n, plan->style, last[ply & 1]);
		}
		last[ply & 1] = m;
		arb_move_to_uci(gs->pos, m, uci);
		arb_move_to_san(gs->pos, m, san);
		sb_str(b, ",\"u\":\"");
		sb_str(b, uci);
		sb_str(b, "\",\"a\":\"");
		sb_str(b, san);
		sb_str(b, "\"}");
		node = arb_record_add_move(gs->rec, node, m);
		if (node == ARB_NO_NODE || arb_history_play(h, m) != ARB_OK)
			die("a legal move was refused");
		arb_position_do_move(gs->pos, m, &u);
	}
	sb_str(b, "}],\"end\":\"");
	sb_str(b, end);
	sb_put(b, "\"", 1);

	/* The game in PGN, as arbiter writes it. */
	snprintf(tag, sizeof tag, "diffgen %llu", o->seed);
	arb_record_set_tag(gs->rec, "Event", tag);
	arb_record_set_tag(gs->rec, "Site", "arbiter tests/diff");
	snprintf(tag, sizeof tag, "%ld", plan->id);
	arb_record_set_tag(gs->rec, "Round", tag);
	arb_record_set_tag(gs->rec, "White", "random");
	arb_record_set_tag(gs->rec, "Black", "random");
	arb_record_set_result(gs->rec, result_of(ending, gs->pos));
	gs->pgn.len = 0;
	if (arb_pgn_write(gs->rec, sb_sink, &gs->pgn) != ARB_OK)
		die("arb_pgn_write failed");
	sb_str(b, ",\"result\":\"");
	sb_str(b, arb_record_result(gs->rec));
	sb_str(b, "\",\"pgn\":");
	sb_json(b, gs->pgn.p, gs->pgn.len);
	sb_str(b, "}\n");
	if (fwrite(b->p, 1, b->len, stdout) != b->len)
		die("write error");
	arb_history_free(h);
}

/* Sets gs->pos from a FEN (X-FEN or Shredder-FEN, the mode as arbiter
 * reads it) or dies saying why. */
static void set_fen(game_state *gs, const char *fen, const char *where)
{
	arb_error err;
	if (arb_position_set_fen(gs->pos, fen, ARB_FEN_AUTO, &err) != ARB_OK) {
		fprintf(stderr, "diffgen: %s: %s\n", where, err.message);
		exit(2);
	}
}

/* --fen-file: each FEN of FILE (the "fen" column of a TSV with a header,
 * like tests/data/tricky.tsv, or one FEN a line; '#' starts a comment)
 * starts a game continued at random for `plies` plies. */
static void fen_file_games(game_state *gs, const char *path, int plies, const opts *o)
{
	char line[4096], where[64];
	int column = 0, first = 1;
	long id = o->first, lineno = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof line, f)) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '\0' || line[0] == '#')
			continue;
		char *field = line;
		if (first && strchr(line, '\t')) { /* a header: find "fen" */
			first = 0;
			char *t = strtok(line, "\t");
			for (; t && strcmp(t, "fen") != 0; t = strtok(NULL, "\t"))
				column++;
			continue;
		}
		first = 0;
		for (int k = 0; k < column && field; k++) {
			field = strchr(field, '\t');
			field = field ? field + 1 : NULL;
		}
		if (!field)
			continue;
		field[strcspn(field, "\t")] = '\0';
		snprintf(where, sizeof where, "%s:%ld", path, lineno);
		set_fen(gs, field, where);

		arb_rng rng, sample;
		game_plan plan = {id, "fen", 518, 518, STYLE_NORMAL, plies, NULL, 1};
		seed_game(o, id++, &rng, &sample);
		play_game(gs, &plan, &rng, &sample, o);
	}
	fclose(f);
}

/* ------------------------------------------------------------------------
 * Command line
 * ---------------------------------------------------------------------- */

static void usage(void)
{
	fputs("usage: diffgen [--games N] [--seed S] [--first G] [--san-every K] [--perft-every P]\n"
	      "       diffgen --fen FEN [--moves \"UCI ...\"]\n"
	      "       diffgen --fen-file FILE [--plies N] [--seed S] [--first G]\n"
	      "Writes games as JSON lines on stdout for compare.mjs (tests/diff/README.md).\n"
	      "  random games: N games (ids G..G+N-1 of seed S; default 100 games, seed 1,\n"
	      "  first 0); --san-every K: SAN of every legal move on every Kth ply (default\n"
	      "  8; always on plies with a castling, e.p. or promotion move or a check);\n"
	      "  --perft-every P: perft(3) of about one position in P (default 1500).\n"
	      "  --fen: one game from FEN with the given moves (none by default), SAN of\n"
	      "  every legal move and perft(3) at every position.\n"
	      "  --fen-file: a game from each FEN of FILE (a TSV with a 'fen' column, or\n"
	      "  one FEN a line), continued at random for N plies (default 40); SAN of\n"
	      "  every legal move and perft(3) at its first position.\n",
	      stderr);
	exit(2);
}

static unsigned long long number(const char *s)
{
	char *end;
	if (!s || !*s || *s == '-')
		usage();
	unsigned long long v = strtoull(s, &end, 10);
	if (*end)
		usage();
	return v;
}

int main(int argc, char **argv)
{
	opts o = {1, 0, 100, 8, 1500};
	const char *fen = NULL, *moves = "", *fen_file = NULL;
	int plies = 40;
	static char obuf[1 << 20];

	for (int i = 1; i < argc; i += 2) { /* every option takes a value */
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v)
			usage();
		if (strcmp(a, "--games") == 0)
			o.games = (long)number(v);
		else if (strcmp(a, "--seed") == 0)
			o.seed = number(v);
		else if (strcmp(a, "--first") == 0)
			o.first = (long)number(v);
		else if (strcmp(a, "--san-every") == 0)
			o.san_every = (int)number(v);
		else if (strcmp(a, "--perft-every") == 0)
			o.perft_every = (int)number(v);
		else if (strcmp(a, "--fen") == 0)
			fen = v;
		else if (strcmp(a, "--moves") == 0)
			moves = v;
		else if (strcmp(a, "--fen-file") == 0)
			fen_file = v;
		else if (strcmp(a, "--plies") == 0)
			plies = (int)number(v);
		else
			usage();
	}
	if (o.san_every < 1 || o.perft_every < 1 || (fen && fen_file))
		usage();
	setvbuf(stdout, obuf, _IOFBF, sizeof obuf);

	game_state gs = {arb_position_new(), arb_record_new(), {0}, {0}};
	if (!gs.pos || !gs.rec)
		die("out of memory");
	arb_rng rng, sample;
	if (fen) {
		game_plan plan = {.id = o.first,
				  .start = "fen",
				  .white = 518,
				  .black = 518,
				  .limit = LONG_PLIES,
				  .moves = moves,
				  .full_plies = LONG_PLIES};
		set_fen(&gs, fen, "--fen");
		seed_game(&o, o.first, &rng, &sample);
		play_game(&gs, &plan, &rng, &sample, &o);
	} else if (fen_file) {
		fen_file_games(&gs, fen_file, plies, &o);
	} else {
		for (long g = 0; g < o.games; g++) {
			game_plan plan = {o.first + g, "", 518, 518, STYLE_NORMAL, 0, NULL, 0};
			seed_game(&o, plan.id, &rng, &sample);
			random_plan(gs.pos, &rng, &plan);
			play_game(&gs, &plan, &rng, &sample, &o);
		}
	}
	if (fflush(stdout) != 0)
		die("write error");
	arb_position_free(gs.pos);
	arb_record_free(gs.rec);
	free(gs.line.p);
	free(gs.pgn.p);
	return 0;
}
