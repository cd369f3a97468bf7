/*
 * arbiter.h -- the public API of libarbiter, a chess rules engine.
 *
 * This is the whole interface: the CLI and the Lua binding are written on it
 * alone. Every object is owned by the caller; no function keeps a pointer to
 * an argument after it returns. There is no global mutable state: the attack
 * tables are built once behind a once-guard, so the library may be used from
 * several threads on different objects.
 *
 * Errors: bad input (a FEN, a move string) is reported by a returned status
 * from the closed enum arb_status, plus an arb_error that says where (column)
 * and why. Programmer misuse (NULL where an object is required, an illegal
 * move passed to a function documented as trusting its move) is an assertion
 * in debug builds.
 *
 * Squares are 0..63 with a1 = 0, b1 = 1, ..., h8 = 63.
 * Chess960 is the general case: a castling right is identified by the square of
 * the rook that may castle, and a castling move is encoded "king takes own rook".
 */
#ifndef ARBITER_H
#define ARBITER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(ARBITER_BUILDING) && defined(__GNUC__)
#define ARB_API __attribute__((visibility("default")))
#else
#define ARB_API
#endif

/* ------------------------------------------------------------------------
 * Status codes and errors
 * ---------------------------------------------------------------------- */

/* A closed list. Every function that reads input returns one of these. */
typedef enum arb_status {
	ARB_OK = 0,
	ARB_E_ARGUMENT,      /* an argument is out of range (e.g. a bad square) */
	ARB_E_NOMEM,         /* an allocation failed */
	ARB_E_FEN_FIELDS,    /* too few or too many FEN fields */
	ARB_E_FEN_PLACEMENT, /* a rank with the wrong length, or the wrong number of ranks */
	ARB_E_FEN_PIECE,     /* an unknown piece letter or stray character */
	ARB_E_FEN_KINGS,     /* not exactly one king per side */
	ARB_E_FEN_PAWNS,     /* a pawn on the first or last rank */
	ARB_E_FEN_SIDE,      /* the side-to-move field is not 'w' or 'b' */
	ARB_E_FEN_CHECK,     /* the side not to move is in check */
	ARB_E_FEN_CASTLING,  /* a castling right without its king or rook, or bad syntax */
	ARB_E_FEN_EP,        /* an en-passant square inconsistent with the last move */
	ARB_E_FEN_CLOCK,     /* a bad half-move clock or full-move number */
	ARB_E_MOVE_SYNTAX,   /* a move string that is not a move in the notation */
	ARB_E_MOVE_ILLEGAL,  /* a well-formed move that is not legal here */
	ARB_E_INVALID        /* a position fails its invariant check */
} arb_status;

#define ARB_ERROR_MESSAGE_SIZE 256

/*
 * Where and why something failed. `column` is 1-based, counted in bytes of
 * the input string, 0 when it does not apply. `field` names the FEN field
 * (1..6) or 0. `message` is a complete English sentence fragment such as
 * "field 3 (castling), column 52: 'K' needs a white rook on h1".
 * `repairs` counts the problems that were repaired (ARB_FEN_REPAIR); the
 * message then lists them and code stays ARB_OK.
 */
typedef struct arb_error {
	arb_status code;
	int field;
	int column;
	int repairs;
	char message[ARB_ERROR_MESSAGE_SIZE];
} arb_error;

/* The name of a status code, e.g. "ARB_E_FEN_CASTLING". Never NULL. */
ARB_API const char *arb_status_name(arb_status status);

/* The library version as "MAJOR.MINOR.PATCH". */
ARB_API const char *arb_version(void);

/* ------------------------------------------------------------------------
 * Basic types
 * ---------------------------------------------------------------------- */

typedef enum arb_color { ARB_WHITE = 0, ARB_BLACK = 1 } arb_color;

typedef enum arb_piece_type {
	ARB_NO_PIECE_TYPE = 0,
	ARB_PAWN = 1,
	ARB_KNIGHT = 2,
	ARB_BISHOP = 3,
	ARB_ROOK = 4,
	ARB_QUEEN = 5,
	ARB_KING = 6
} arb_piece_type;

/* A piece is type | color << 3: white 1..6, black 9..14, 0 = empty square. */
typedef int arb_piece;
#define ARB_EMPTY 0
#define ARB_PIECE(color, type) ((int)(type) | ((int)(color) << 3))
#define ARB_PIECE_TYPE(piece) ((arb_piece_type)((piece)&7))
#define ARB_PIECE_COLOR(piece) ((arb_color)((piece) >> 3))

#define ARB_NO_SQUARE 64
#define ARB_SQUARE(file, rank) ((rank)*8 + (file))
#define ARB_FILE(sq) ((sq)&7)
#define ARB_RANK(sq) ((sq) >> 3)

/*
 * A move in 16 bits: from (bits 0-5), to (6-11), kind (12-13), promotion
 * piece (14-15: knight, bishop, rook, queen). A castling move has `to` = the
 * square of the castling rook ("king takes own rook"), whatever the variant.
 * ARB_MOVE_NONE is never a move; ARB_MOVE_NULL is the UCI null move "0000".
 */
typedef uint16_t arb_move;
#define ARB_MOVE_NONE ((arb_move)0)
#define ARB_MOVE_NULL ((arb_move)65) /* from b1 to b1 */

typedef enum arb_move_kind {
	ARB_MOVE_NORMAL = 0,
	ARB_MOVE_PROMOTION = 1,
	ARB_MOVE_EN_PASSANT = 2,
	ARB_MOVE_CASTLING = 3
} arb_move_kind;

#define ARB_MOVE_FROM(m) ((int)((m)&63))
#define ARB_MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define ARB_MOVE_KIND(m) ((arb_move_kind)(((m) >> 12) & 3))
/* The promotion piece type (ARB_KNIGHT..ARB_QUEEN) of a promotion move. */
#define ARB_MOVE_PROMOTION_TYPE(m) ((arb_piece_type)((((m) >> 14) & 3) + ARB_KNIGHT))
#define ARB_MAKE_MOVE(from, to, kind, promo)                                   \
	((arb_move)((from) | ((to) << 6) | ((kind) << 12) |                    \
		    ((((promo) ? (promo) : ARB_KNIGHT) - ARB_KNIGHT) << 14)))

/* Bounds every move list. The most legal moves of a reachable position is
 * 218; the FEN parser refuses more than 16 pieces or 8 pawns a side, and then
 * no placement reaches 512 (15 queens x 27 + king 8 + 2 castlings). */
#define ARB_MAX_MOVES 512

/* ------------------------------------------------------------------------
 * Positions
 * ---------------------------------------------------------------------- */

/* Opaque. Created by arb_position_new, owned by the caller. */
typedef struct arb_position arb_position;

/* Castling wings. The kingside wing is the one towards the h-file. */
typedef enum arb_wing { ARB_KINGSIDE = 0, ARB_QUEENSIDE = 1 } arb_wing;

/*
 * One castling right with its geometry. `rook_from` names the right. The
 * destinations default (arb_position_set_fen) to the g/f files (kingside) and
 * c/d files (queenside) of the back rank; a variant may set others with
 * arb_position_set_castling. All four squares are on the same rank.
 */
typedef struct arb_castling {
	int king_from, rook_from, king_to, rook_to;
} arb_castling;

/* Allocates a position set to the standard start position. NULL if out of
 * memory. Free it with arb_position_free. */
ARB_API arb_position *arb_position_new(void);

/* Frees a position. NULL is a no-op. */
ARB_API void arb_position_free(arb_position *pos);

/* Allocates a copy of `pos`. NULL if out of memory. */
ARB_API arb_position *arb_position_clone(const arb_position *pos);

/* Copies `src` into `dst` (both allocated). */
ARB_API void arb_position_copy(arb_position *dst, const arb_position *src);

/* Sets the standard start position (Chess960 number 518, standard mode). */
ARB_API void arb_position_set_start(arb_position *pos);

/* FEN parsing flags. */
#define ARB_FEN_AUTO 0u      /* standard mode unless the castling field needs Chess960 */
#define ARB_FEN_STANDARD 1u  /* castling only with king on e1/e8 and rooks on a/h */
#define ARB_FEN_CHESS960 2u  /* Chess960 castling: X-FEN and Shredder-FEN */
#define ARB_FEN_REPAIR 4u    /* drop bad castling rights / e.p. squares and report */
#define ARB_FEN_SHREDDER 8u  /* output: castling as rook files (HAha) */

/*
 * Sets `pos` from a FEN, X-FEN or Shredder-FEN string. Four to six
 * whitespace-separated fields are accepted; missing clocks default to 0 and 1.
 *
 * Castling: 'K'/'Q' (and 'k'/'q') name the outermost rook on that wing of
 * the king; a file letter 'A'-'H' ('a'-'h') names a rook by its file. In
 * standard mode K/Q need the king on its e-file square and the rook in the
 * corner. ARB_FEN_AUTO chooses Chess960 when the field uses file letters or
 * when the rights are valid only under the Chess960 reading; the choice is
 * readable with arb_position_is_chess960.
 *
 * An en-passant square is checked against the last move (the pushed pawn in
 * front of it, the squares it crossed empty) and then kept only if an e.p.
 * capture is legal (FIDE 9.2: otherwise it does not distinguish positions).
 *
 * Returns ARB_OK, or a code ARB_E_FEN_* with `err` (may be NULL) saying which
 * field, which column and why; `pos` is unchanged on error. With
 * ARB_FEN_REPAIR, castling rights with no king or rook and inconsistent e.p.
 * squares are dropped and listed in err->message (err->repairs > 0).
 */
ARB_API arb_status arb_position_set_fen(arb_position *pos, const char *fen,
					unsigned flags, arb_error *err);

/*
 * Writes the FEN of `pos` into buf (size n, NUL-terminated, truncated if
 * short). X-FEN by default (K/Q unless an inner rook holds the right, then
 * its file letter); Shredder-FEN with ARB_FEN_SHREDDER. Returns the length
 * the full FEN needs (excluding the NUL), like snprintf. ARB_FEN_MAX is enough.
 */
#define ARB_FEN_MAX 100
ARB_API size_t arb_position_to_fen(const arb_position *pos, char *buf, size_t n,
				   unsigned flags);

/* Queries. Squares out of range give ARB_EMPTY. */
ARB_API arb_piece arb_position_piece_at(const arb_position *pos, int square);
ARB_API arb_color arb_position_side_to_move(const arb_position *pos);
/* The e.p. target square, or ARB_NO_SQUARE. Only set when an e.p. capture is legal. */
ARB_API int arb_position_ep_square(const arb_position *pos);
ARB_API int arb_position_halfmove_clock(const arb_position *pos);
ARB_API int arb_position_fullmove_number(const arb_position *pos);
/* The 64-bit Zobrist key: placement, side, castling rights (by rook square)
 * and the e.p. file when an e.p. capture is legal. */
ARB_API uint64_t arb_position_key(const arb_position *pos);
/* 1 if the side to move is in check. */
ARB_API int arb_position_in_check(const arb_position *pos);
/* 1 if `pos` uses Chess960 notation (UCI "king takes rook", X-FEN letters). */
ARB_API int arb_position_is_chess960(const arb_position *pos);
/* Switches the notation mode. Changes nothing on the board. */
ARB_API void arb_position_set_chess960(arb_position *pos, int on);

/* 1 and *out filled if `color` has the castling right on `wing`; else 0. */
ARB_API int arb_position_castling(const arb_position *pos, arb_color color,
				  arb_wing wing, arb_castling *out);

/*
 * Sets, replaces (or with rook_from == ARB_NO_SQUARE removes) a castling right
 * with an explicit geometry: for variants whose destinations are not the
 * c/d and g/f files. The king must stand on king_from and an own rook on
 * rook_from, all four squares on the king's rank; ARB_E_ARGUMENT otherwise.
 */
ARB_API arb_status arb_position_set_castling(arb_position *pos, arb_color color,
					     arb_wing wing, const arb_castling *c);

/*
 * Checks every invariant: bitboards vs mailbox, one king per side, no pawns on
 * the back ranks, the side not to move not in check, e.p. square legal and on
 * the right rank, castling rooks and kings present, clocks in range, the key
 * recomputed from scratch. ARB_OK or ARB_E_INVALID with the reason in err.
 */
ARB_API arb_status arb_position_validate(const arb_position *pos, arb_error *err);

/* ------------------------------------------------------------------------
 * Moves
 * ---------------------------------------------------------------------- */

/* Writes every legal move into out (ARB_MAX_MOVES entries); returns the count. */
ARB_API int arb_position_legal_moves(const arb_position *pos, arb_move *out);

/* The number of legal moves, without listing them. */
ARB_API int arb_position_count_moves(const arb_position *pos);

/* 1 if `move` is legal in `pos`. */
ARB_API int arb_position_is_legal(const arb_position *pos, arb_move move);

/*
 * What arb_position_do_move saves so arb_position_undo_move can restore.
 * Treat as opaque.
 */
typedef struct arb_undo {
	uint64_t key;
	uint32_t halfmove;
	uint8_t captured, castling, ep, reserved;
} arb_undo;

/* Plays a legal move (trusted: debug builds assert legality), saving into *u. */
ARB_API void arb_position_do_move(arb_position *pos, arb_move move, arb_undo *u);
/* Takes back `move`, which must be the last move done with *u. */
ARB_API void arb_position_undo_move(arb_position *pos, arb_move move, const arb_undo *u);

/* Plays `move` if legal: ARB_OK, else ARB_E_MOVE_ILLEGAL and pos unchanged. */
ARB_API arb_status arb_position_play(arb_position *pos, arb_move move);

/*
 * Parses a UCI move ("e2e4", "e7e8q", "0000"). Castling is accepted as king
 * takes own rook ("e1h1") in every mode, and as the king's two-square (or
 * destination) move ("e1g1") when that is not also a legal ordinary king move.
 * Returns ARB_OK with *out set, ARB_E_MOVE_SYNTAX or ARB_E_MOVE_ILLEGAL with
 * err (may be NULL) saying why. The null move parses as ARB_MOVE_NULL.
 */
ARB_API arb_status arb_move_from_uci(const arb_position *pos, const char *text,
				     arb_move *out, arb_error *err);

/*
 * Writes `move` in UCI into buf (at least 6 bytes): castling as king origin to
 * king destination in standard mode ("e1g1"), king onto rook in Chess960 mode
 * ("e1h1"). In standard mode a castling whose king moves less than two files
 * (possible only with Chess960 geometry) is also written king onto rook,
 * since king origin to destination would read as an ordinary king move.
 * Returns the length.
 */
ARB_API size_t arb_move_to_uci(const arb_position *pos, arb_move move, char *buf);

/* ------------------------------------------------------------------------
 * Perft
 * ---------------------------------------------------------------------- */

#define ARB_PERFT_VALIDATE 1u /* check every invariant after each move and take-back */

/*
 * The number of leaf nodes of the legal move tree of `depth` plies (1 for
 * depth 0). `pos` is restored on return. With ARB_PERFT_VALIDATE it calls
 * arb_position_validate after every do/undo and returns UINT64_MAX on the
 * first failure (slow; for tests).
 */
ARB_API uint64_t arb_perft(arb_position *pos, int depth, unsigned flags);

/* Calls fn(move, nodes, ctx) for each root move with perft(depth - 1) below
 * it, in generation order; returns the total. depth >= 1. */
typedef void (*arb_divide_fn)(arb_move move, uint64_t nodes, void *ctx);
ARB_API uint64_t arb_perft_divide(arb_position *pos, int depth, arb_divide_fn fn,
				  void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_H */
