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
 * and why. Programmer misuse is another channel: see "Misuse" below.
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

/*
 * Misuse. A NULL pointer where a contract wants an object, or an argument
 * outside its range (a colour that is neither ARB_WHITE nor ARB_BLACK, a
 * wing, notation or clock command that is none, a negative size or count),
 * is a bug of the caller, never input. Every function checks it the same
 * way: in a debug build (without NDEBUG) the library reports the failed
 * check on stderr ("arbiter: misuse: FILE:LINE: FUNCTION: CONDITION") and
 * aborts; in a release build (NDEBUG) the function returns the answer its
 * contract gives for misuse and changes nothing: ARB_E_ARGUMENT for an
 * arb_status (with err, when there is one and it is not NULL, saying which
 * check failed), else the contract's sentinel (NULL, 0, -1, ARB_NO_NODE,
 * ARB_EMPTY, UINT64_MAX, ...); a function returning nothing does nothing.
 * What a contract allows is not misuse: a NULL `arb_error *err`, a NULL
 * passed to a _free function, an index or square out of range where the
 * contract says what it gives (ARB_EMPTY, NULL, ARB_NO_NODE), and values a
 * caller takes from its input and the contract validates (a Chess960 number,
 * a time control, a clock time that goes back): those keep their documented
 * answer in every build.
 */

/* A closed list. Every function that reads input returns one of these. */
typedef enum arb_status {
	ARB_OK = 0,
	ARB_E_ARGUMENT,       /* an argument is out of range (e.g. a bad square) */
	ARB_E_NOMEM,          /* an allocation failed */
	ARB_E_FEN_FIELDS,     /* too few or too many FEN fields */
	ARB_E_FEN_PLACEMENT,  /* a rank with the wrong length, or the wrong number of ranks */
	ARB_E_FEN_PIECE,      /* an unknown piece letter or stray character */
	ARB_E_FEN_KINGS,      /* not exactly one king per side */
	ARB_E_FEN_PAWNS,      /* a pawn on the first or last rank */
	ARB_E_FEN_SIDE,       /* the side-to-move field is not 'w' or 'b' */
	ARB_E_FEN_CHECK,      /* the side not to move is in check */
	ARB_E_FEN_CASTLING,   /* a castling right without its king or rook, or bad syntax */
	ARB_E_FEN_EP,         /* an en-passant square inconsistent with the last move */
	ARB_E_FEN_CLOCK,      /* a bad half-move clock or full-move number */
	ARB_E_MOVE_SYNTAX,    /* a move string that is not a move in the notation */
	ARB_E_MOVE_ILLEGAL,   /* a well-formed move that is not legal here */
	ARB_E_INVALID,        /* a position fails its invariant check */
	ARB_E_MOVE_AMBIGUOUS, /* a SAN move that fits more than one legal move */
	ARB_E_PGN,            /* a PGN game with an error (the reader goes on) */
	ARB_E_EPD,            /* a malformed EPD operation */
	ARB_E_IO,             /* a file could not be opened, read or written */
	ARB_E_TIME_CONTROL,   /* a time control that is not in any notation understood */
	ARB_E_EVENT,          /* a game event that is malformed or cannot happen here */
	ARB_E_PROFILE,        /* a rule profile that is malformed, or a hook that failed */
	ARB_E_TRF,            /* a TRF line that is malformed (the reader goes on) */
	ARB_E_PAIRING,        /* a pairing that is malformed, or breaks a pairing rule */
	ARB_E_ENGINE          /* a UCI engine could not be run, or broke the protocol */
} arb_status;

/* Room for a message: a file name of up to ARB_ERROR_NAME_SHOWN bytes
 * (longer names are cut at the front, keeping the base name, and shown with
 * a leading "...") and the reason after it. */
#define ARB_ERROR_MESSAGE_SIZE 1024
#define ARB_ERROR_NAME_SHOWN 640

/*
 * Where and why something failed. `column` is 1-based, counted in bytes of
 * the input string (or of the line, for PGN), 0 when it does not apply.
 * `line` is the 1-based input line for multi-line input (PGN), else 0. `field` names the FEN field
 * (1..6) or 0. `message` is a complete English sentence fragment such as
 * "field 3 (castling), column 52: 'K' needs a white rook on h1".
 * `repairs` counts the problems that were repaired (ARB_FEN_REPAIR); the
 * message then lists them and code stays ARB_OK.
 */
typedef struct arb_error {
	arb_status code;
	long line;
	int field;
	int column;
	int repairs;
	char message[ARB_ERROR_MESSAGE_SIZE];
} arb_error;

/* The name of a status code, e.g. "ARB_E_FEN_CASTLING". Never NULL. */
ARB_API const char *arb_status_name(arb_status status);

/* The version of this header (CMakeLists.txt reads it from here: the one
 * place it is written). A program may compare it with arb_version(), the
 * version of the library it runs with. */
#define ARB_VERSION_MAJOR 0
#define ARB_VERSION_MINOR 1
#define ARB_VERSION_PATCH 0
#define ARB_VERSION_STRING "0.1.0"

/* The library version as "MAJOR.MINOR.PATCH" (ARB_VERSION_STRING of the
 * header it was built with). */
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
#define ARB_MAKE_MOVE(from, to, kind, promo)                \
	((arb_move)((from) | ((to) << 6) | ((kind) << 12) | \
		    ((((promo) ? (promo) : ARB_KNIGHT) - ARB_KNIGHT) << 14)))

/* Bounds every move list. The most legal moves of a reachable position is
 * 218; the FEN parser refuses more than 16 pieces a side, and then no
 * placement reaches 512 (15 queens x 27 + king 8 + 2 castlings). */
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

/* Allocates a copy of `pos`. NULL if out of memory (misuse, pos NULL: NULL). */
ARB_API arb_position *arb_position_clone(const arb_position *pos);

/* Copies `src` into `dst` (both allocated; misuse, a NULL: nothing). */
ARB_API void arb_position_copy(arb_position *dst, const arb_position *src);

/* Sets the standard start position (Chess960 number 518, standard mode).
 * Misuse (pos NULL): nothing. */
ARB_API void arb_position_set_start(arb_position *pos);

/* FEN parsing flags. */
#define ARB_FEN_AUTO 0u     /* standard mode unless the castling field needs Chess960 */
#define ARB_FEN_STANDARD 1u /* castling only with king on e1/e8 and rooks on a/h */
#define ARB_FEN_CHESS960 2u /* Chess960 castling: X-FEN and Shredder-FEN */
#define ARB_FEN_REPAIR 4u   /* drop bad castling rights / e.p. squares and report */
#define ARB_FEN_SHREDDER 8u /* output: castling as rook files (HAha) */

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
 * field, which column and why; `pos` is unchanged on error. ARB_E_ARGUMENT
 * for misuse (pos or fen NULL) or both ARB_FEN_STANDARD and ARB_FEN_CHESS960. With
 * ARB_FEN_REPAIR, castling rights with no king or rook and inconsistent e.p.
 * squares (wrong rank, no pawn that just moved two squares, a half-move clock
 * above 0) are dropped and listed in err->message (err->repairs > 0). Clocks
 * may have at most nine digits; more than 16 pieces a side, or two digits
 * in a row in the placement, are rejected.
 */
ARB_API arb_status arb_position_set_fen(arb_position *pos, const char *fen, unsigned flags,
					arb_error *err);

/*
 * Writes the FEN of `pos` into buf (size n, NUL-terminated, truncated if
 * short). X-FEN by default (K/Q unless an inner rook holds the right, then
 * its file letter); Shredder-FEN with ARB_FEN_SHREDDER. Returns the length
 * the full FEN needs (excluding the NUL), like snprintf. ARB_FEN_MAX is enough.
 * buf may be NULL when n is 0; misuse (pos NULL, buf NULL with n > 0): 0.
 */
#define ARB_FEN_MAX 100
ARB_API size_t arb_position_to_fen(const arb_position *pos, char *buf, size_t n, unsigned flags);

/* Queries. Squares out of range give ARB_EMPTY. Misuse (pos NULL) gives
 * ARB_EMPTY, ARB_WHITE, ARB_NO_SQUARE, -1 for the two clocks, 0 for the key
 * and the yes/no queries, and does nothing for arb_position_set_chess960. */
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

/* 1 and *out filled if `color` has the castling right on `wing`; else 0
 * (also for misuse: pos NULL, a colour or wing that is none). */
ARB_API int arb_position_castling(const arb_position *pos, arb_color color, arb_wing wing,
				  arb_castling *out);

/*
 * Sets, replaces (or with c == NULL or c->rook_from == ARB_NO_SQUARE removes) a
 * castling right with an explicit geometry: for variants whose destinations
 * are not the c/d and g/f files. The king must stand on king_from and an own
 * rook on rook_from, all four squares on the side's first rank, the rook on
 * the named wing of the king, the castling must move a piece, and the two
 * wings of one side may not share a rook or a king destination;
 * ARB_E_ARGUMENT otherwise, and for misuse (pos NULL, a colour or wing that
 * is none). Legality is tested with the king and the rook both
 * lifted: no square from the king's origin to its destination may be
 * attacked then. A FEN names the right (by its rook) but not custom
 * destinations: re-reading a FEN gives the default ones.
 */
ARB_API arb_status arb_position_set_castling(arb_position *pos, arb_color color, arb_wing wing,
					     const arb_castling *c);

/*
 * Checks every invariant: bitboards vs mailbox, one king per side, no pawns on
 * the back ranks, the side not to move not in check, e.p. square legal and on
 * the right rank, castling rooks and kings present, a full-move number of at
 * least 1, the key recomputed from scratch. ARB_OK or ARB_E_INVALID with the
 * reason in err (may be NULL); ARB_E_ARGUMENT for misuse (pos NULL).
 */
ARB_API arb_status arb_position_validate(const arb_position *pos, arb_error *err);

/* ------------------------------------------------------------------------
 * Moves
 * ---------------------------------------------------------------------- */

/* Writes every legal move into out (ARB_MAX_MOVES entries); returns the count
 * (0 for misuse: pos or out NULL). */
ARB_API int arb_position_legal_moves(const arb_position *pos, arb_move *out);

/* The number of legal moves, without listing them (0 for pos NULL). */
ARB_API int arb_position_count_moves(const arb_position *pos);

/* 1 if `move` is legal in `pos` (0 for pos NULL). */
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

/* Plays a legal move (trusted: debug builds assert legality), saving into *u.
 * Misuse (pos or u NULL): nothing. */
ARB_API void arb_position_do_move(arb_position *pos, arb_move move, arb_undo *u);
/* Takes back `move`, which must be the last move done with *u. Misuse (pos
 * or u NULL): nothing. */
ARB_API void arb_position_undo_move(arb_position *pos, arb_move move, const arb_undo *u);

/* Plays `move` if legal: ARB_OK, else ARB_E_MOVE_ILLEGAL and pos unchanged;
 * ARB_E_ARGUMENT for pos NULL. */
ARB_API arb_status arb_position_play(arb_position *pos, arb_move move);

/*
 * Parses a UCI move ("e2e4", "e7e8q", "0000"). Castling is accepted as king
 * takes own rook ("e1h1") in every mode, and as the king's two-square (or
 * destination) move ("e1g1") when that is not also a legal ordinary king move.
 * Returns ARB_OK with *out set, ARB_E_MOVE_SYNTAX or ARB_E_MOVE_ILLEGAL with
 * err (may be NULL) saying why; ARB_E_ARGUMENT for misuse (pos, text or out
 * NULL). The null move parses as ARB_MOVE_NULL.
 */
ARB_API arb_status arb_move_from_uci(const arb_position *pos, const char *text, arb_move *out,
				     arb_error *err);

/*
 * Writes `move` in UCI into buf (at least 6 bytes): castling as king origin to
 * king destination in standard mode ("e1g1"), king onto rook in Chess960 mode
 * ("e1h1"). In standard mode a castling whose king moves less than two files
 * (possible only with Chess960 geometry) is also written king onto rook,
 * since king origin to destination would read as an ordinary king move.
 * Returns the length (0 for misuse: pos or buf NULL).
 */
ARB_API size_t arb_move_to_uci(const arb_position *pos, arb_move move, char *buf);

/* ------------------------------------------------------------------------
 * SAN (Standard Algebraic Notation, PGN standard 8.2.3)
 * ---------------------------------------------------------------------- */

/* The longest SAN arbiter writes ("Qa1xb2=Q#" style) plus the NUL. */
#define ARB_SAN_MAX 16

/*
 * Writes `move` (legal in `pos`) in SAN into buf (ARB_SAN_MAX bytes): piece
 * letter, minimal disambiguation (file, else rank, else both), 'x' for
 * captures, "=Q" for promotions, '+' or '#', and "O-O" / "O-O-O" for
 * castling in every variant. Returns the length; "--" for the null move; 0
 * for misuse (pos or buf NULL).
 */
ARB_API size_t arb_move_to_san(const arb_position *pos, arb_move move, char *buf);

#define ARB_SAN_STRICT 1u /* the text must be exactly the SAN arb_move_to_san writes */

/*
 * Parses a SAN move of `len` bytes (text need not be NUL-terminated).
 * Lenient by default: "0-0"/"0-0-0", a missing or extra '+'/'#', "e8Q" and
 * "e8=Q", a trailing "e.p.", over-disambiguation ("Nb1d2"), a capture mark on
 * a non-capture, and attached annotation glyphs ("e4!?") are accepted; "--"
 * and "Z0" are the null move. ARB_SAN_STRICT accepts only the canonical SAN
 * (annotation glyphs aside). Returns ARB_OK with *out set; ARB_E_MOVE_SYNTAX
 * (not SAN), ARB_E_MOVE_ILLEGAL (no legal move matches, or castling is not
 * legal) or ARB_E_MOVE_AMBIGUOUS (several legal moves match: never the first
 * one) with err (may be NULL) saying why; ARB_E_ARGUMENT for misuse (pos,
 * text or out NULL).
 */
ARB_API arb_status arb_move_from_san(const arb_position *pos, const char *text, size_t len,
				     unsigned flags, arb_move *out, arb_error *err);

/* ------------------------------------------------------------------------
 * Game records (read from and written to PGN)
 *
 * An arb_record is a game as written down (not the event log a rule
 * profile judges): it is a start position, tags, and a tree of nodes: the main
 * line and its variations. Node 0 is the root (the start position, no move);
 * every other node holds one move with the comments, NAGs and clock commands
 * that follow it. Nodes are numbered in the order they were read.
 *
 * A node, ply or tag index out of range is not misuse: each accessor says
 * what it gives then. A NULL record is: the accessors then give what they
 * give for an index out of range (0 for a count), and the functions that
 * return an arb_status give ARB_E_ARGUMENT.
 * ---------------------------------------------------------------------- */

typedef struct arb_record arb_record;

#define ARB_NO_NODE (-1)
#define ARB_NO_CLOCK (-1L)

/* Embedded comment commands ([%clk 0:24:55.5] etc.) parsed into milliseconds. */
typedef enum arb_clock_cmd {
	ARB_CMD_CLK = 0, /* clock reading after the move */
	ARB_CMD_EMT = 1, /* elapsed move time */
	ARB_CMD_EGT = 2, /* elapsed game time */
	ARB_CMD_MCT = 3  /* mechanical clock time */
} arb_clock_cmd;

/* A new empty game: the standard start position, no tags, no moves. NULL if
 * out of memory. Free with arb_record_free (NULL is a no-op). */
ARB_API arb_record *arb_record_new(void);
ARB_API void arb_record_free(arb_record *g);
/* Empties `g` back to arb_record_new's state, keeping its memory (misuse,
 * g NULL: nothing). */
ARB_API void arb_record_clear(arb_record *g);
/*
 * Makes `dst` a deep copy of `src`: the start position, tags, result, every
 * node of the tree with its move, comments, NAGs and clock commands, and the
 * reader's warnings (arb_record_warning). dst keeps its own memory, grown as
 * needed, and no pointer into src: either may then change or be freed
 * without the other. ARB_OK (also for dst == src); ARB_E_ARGUMENT (dst or
 * src NULL: misuse); ARB_E_NOMEM (dst is then unchanged).
 */
ARB_API arb_status arb_record_copy(arb_record *dst, const arb_record *src);

/* The start position (set by the FEN tag or arb_record_set_start); NULL
 * for g NULL. */
ARB_API const arb_position *arb_record_start(const arb_record *g);
/* Sets the start position; the game must have no moves yet (else
 * ARB_E_ARGUMENT, as for misuse: g or pos NULL). */
ARB_API arb_status arb_record_set_start(arb_record *g, const arb_position *pos);

/* Tags in the order read or set. Index 0..count-1. NULL if out of range.
 * Values the PGN reader read are UTF-8: a value that is not valid UTF-8 is
 * read as ISO 8859-1 (PGN standard 8.1.1.1) and converted. */
ARB_API int arb_record_tag_count(const arb_record *g);
ARB_API const char *arb_record_tag_name(const arb_record *g, int i);
ARB_API const char *arb_record_tag_value(const arb_record *g, int i);
/* The value of tag `name` (case-sensitive), or NULL (also for misuse: g or
 * name NULL). */
ARB_API const char *arb_record_tag(const arb_record *g, const char *name);
/* Sets (adds or replaces) a tag. ARB_E_NOMEM or ARB_E_ARGUMENT (empty name;
 * misuse: g, name or value NULL). */
ARB_API arb_status arb_record_set_tag(arb_record *g, const char *name, const char *value);

/* The game termination marker ("1-0", "0-1", "1/2-1/2" or "*"; NULL for g
 * NULL). Setting anything else (NULL included) sets "*". */
ARB_API const char *arb_record_result(const arb_record *g);
ARB_API void arb_record_set_result(arb_record *g, const char *result);

/* The number of moves on the main line, and the i-th (0-based) of them. */
ARB_API int arb_record_ply_count(const arb_record *g);
ARB_API arb_move arb_record_move(const arb_record *g, int ply);
/* The node of the i-th main-line move (ply 0 = node of the first move), or ARB_NO_NODE. */
ARB_API int arb_record_mainline_node(const arb_record *g, int ply);

/* Tree navigation: the next move after `node` on its line, its first
 * variation (an alternative to the move of `node`), the next sibling
 * variation, and the parent (the node before it). ARB_NO_NODE when none. */
ARB_API int arb_record_node_count(const arb_record *g);
ARB_API int arb_record_node_next(const arb_record *g, int node);
ARB_API int arb_record_node_variation(const arb_record *g, int node);
ARB_API int arb_record_node_sibling(const arb_record *g, int node);
ARB_API int arb_record_node_parent(const arb_record *g, int node);
ARB_API arb_move arb_record_node_move(const arb_record *g, int node);
/* The comment after the node's move (for node 0: before the first move), or NULL. */
ARB_API const char *arb_record_node_comment(const arb_record *g, int node);
/* The comment before the node's move (only the first move of a variation has one), or NULL. */
ARB_API const char *arb_record_node_pre_comment(const arb_record *g, int node);
/* NAGs ($1, and glyphs like "!" read as $1) of the node: count, then each. */
ARB_API int arb_record_node_nag_count(const arb_record *g, int node);
ARB_API int arb_record_node_nag(const arb_record *g, int node, int i);
/* A clock command of the node's comment in milliseconds, or ARB_NO_CLOCK
 * (also for misuse: a cmd that is none). */
ARB_API long arb_record_node_clock(const arb_record *g, int node, arb_clock_cmd cmd);
/*
 * Replaces the comment after the node's move (node 0: the comment before the
 * first move) with a copy of `text`; NULL or "" removes it. The node's clock
 * commands are read again from the new text, as the reader reads them
 * (arb_record_node_clock). The record's strings may move: a string an
 * accessor returned before is not valid after the call (`text` itself may be
 * one). ARB_OK; ARB_E_ARGUMENT (g NULL, node out of range); ARB_E_NOMEM (the
 * comment is then unchanged).
 */
ARB_API arb_status arb_record_set_comment(arb_record *g, int node, const char *text);

/*
 * What the reader found questionable but read: comment commands it does not
 * know ("[%clam threefold white]", "[%Flag black]": see
 * ARB_PGN_STRICT_COMMANDS). Each is a message like an error's,
 * "NAME:LINE:COLUMN: game N: why". The count includes those past
 * ARB_RECORD_WARNINGS_MAX, which are not kept (arb_record_warning gives
 * NULL for them and for any i out of range).
 */
#define ARB_RECORD_WARNINGS_MAX 64
ARB_API int arb_record_warning_count(const arb_record *g);
ARB_API const char *arb_record_warning(const arb_record *g, int i);

/*
 * Appends `move` (legal after `node`) as the continuation of `node`, or as a
 * new variation if `node` already has a continuation. Returns the new node,
 * or ARB_NO_NODE (illegal move, a node out of range, out of memory, g NULL).
 */
ARB_API int arb_record_add_move(arb_record *g, int node, arb_move move);
/* The position after `node` into *out (allocated by the caller). ARB_OK;
 * ARB_E_ARGUMENT for a node out of range or misuse (g or out NULL);
 * ARB_E_NOMEM. */
ARB_API arb_status arb_record_position_at(const arb_record *g, int node, arb_position *out);

/* ------------------------------------------------------------------------
 * PGN reading (streaming) and writing
 * ---------------------------------------------------------------------- */

typedef struct arb_pgn_reader arb_pgn_reader;

/* A byte source: fills buf with up to n bytes, returns how many; 0 = end. */
typedef size_t (*arb_read_fn)(void *ctx, char *buf, size_t n);

#define ARB_PGN_SKIP_VARIATIONS 1u /* read variations but do not keep them */
#define ARB_PGN_KEEP_PARTIAL 2u    /* a game with an error is returned up to the error */
#define ARB_PGN_STRICT_SAN 4u      /* SAN must be canonical (ARB_SAN_STRICT) */
/*
 * Comment commands ("[%name ...]" in a brace comment) are events (the
 * grammar of arb_game_from_record: claim, ruling, offer, accept, decline,
 * resign, flag, flagdown, illegal, retracted, nopromo, pressnomove, clock,
 * late, forfeit) or known annotations that are not events: clk, emt, egt,
 * mct (the clock commands of the PGN specification supplement), eval, csl,
 * cal (engine evaluations, coloured squares and arrows: lichess,
 * ChessBase), tqu, evp, mdl (ChessBase), timestamp, c_effect (chess.com),
 * draw (Scid). Names are case-sensitive. Any other name is a warning on the
 * record (arb_record_warning, with its line and column and a likely
 * meaning: "did you mean [%claim]?"); with this flag, an error.
 */
#define ARB_PGN_STRICT_COMMANDS 8u

/*
 * A reader over `fn`/`ctx`. `name` (copied) names the source in errors.
 * Reading is streaming: memory depends on the largest game, not the file.
 * NULL if out of memory, or for misuse (fn NULL).
 */
ARB_API arb_pgn_reader *arb_pgn_reader_new(arb_read_fn fn, void *ctx, const char *name,
					   unsigned flags);
/* A reader over a file ("-" = standard input). NULL with err set if it
 * cannot be opened; NULL for misuse (path NULL). */
ARB_API arb_pgn_reader *arb_pgn_reader_open(const char *path, unsigned flags, arb_error *err);
/* Frees the reader (and closes a file it opened). NULL is a no-op. */
ARB_API void arb_pgn_reader_free(arb_pgn_reader *r);

/*
 * Reads the next game: exactly arb_pgn_next_text, then arb_pgn_parse of that
 * text (so the two ways of reading always agree). Returns:
 *  - ARB_OK with *record set: a good game (owned by the reader, valid until
 *    the next call);
 *  - ARB_OK with *record == NULL: the end of the input;
 *  - ARB_E_PGN: a game with an error. err says where ("FILE:LINE:COLUMN:
 *    game N: why") and err->line / err->column are set; *record is the game up
 *    to the error with ARB_PGN_KEEP_PARTIAL, else NULL. The rest of the game's
 *    text (as arb_pgn_next_text finds it) is skipped, and the next call goes
 *    on with the next game;
 *  - ARB_E_NOMEM, ARB_E_IO: reading cannot go on;
 *  - ARB_E_ARGUMENT: misuse (r or record NULL).
 */
ARB_API arb_status arb_pgn_next(arb_pgn_reader *r, arb_record **record, arb_error *err);

/* Counts so far: games returned (good or bad; by arb_pgn_next or
 * arb_pgn_next_text) and games with errors (those arb_pgn_next found, and
 * texts arb_pgn_next_text refused; not those of arb_pgn_parse calls).
 * 0 for r NULL. */
ARB_API long arb_pgn_reader_games(const arb_pgn_reader *r);
ARB_API long arb_pgn_reader_errors(const arb_pgn_reader *r);

/*
 * Reading in two stages, e.g. to parse games on several threads: a cheap
 * lexical splitter finds each game's text in the stream (one thread), and
 * arb_pgn_parse reads a text into a record (any thread).
 *
 * A game's text, as the splitter finds it: it starts at the first byte that
 * is not white space, an escape line ('%' in column 1) or a ';' comment
 * (those are skipped between games, and a UTF-8 byte order mark at the start
 * of the source). If that byte is '[', a tag section comes first: tag pairs
 * separated by white space and escape lines, up to a blank line or the first
 * other byte (a tag that does not scan ends at the end of the line on which
 * it starts). The movetext follows, scanned for brace comments, ';'
 * comments, escape lines, variation depth and tokens (as the parser splits
 * them: "12.1-0" is a move number and a result), and the game ends
 *  - after a termination marker ("1-0", "0-1", "1/2-1/2", "*") at depth 0;
 *  - before a '[' in column 1 outside a comment (the next game's tags; so a
 *    blank line after the tags and then a '[' ends a game of tags only);
 *  - before a line starting with a tag pair ("[Name "") inside a brace
 *    comment (the comment is then unterminated: an error; other lines
 *    starting with '[', such as "[%clk 0:01:00]", are comment text);
 *  - at the end of the input.
 * An error anywhere in a game makes that game an error, whose text is still
 * exactly this extent: the next game starts where it ends.
 */

/* Where a game's text starts in its source, and its number. */
typedef struct arb_pgn_text {
	const char *
		text; /* the game's bytes (not NUL-terminated); owned by the reader, valid until the next call */
	size_t len;
	long line;   /* 1-based line of text[0] in the source */
	long column; /* 1-based column of text[0] */
	long number; /* the game's 1-based number in the source */
} arb_pgn_text;

/* The longest game text the reader keeps. */
#define ARB_PGN_GAME_TEXT_MAX (64L << 20)

/*
 * Reads the raw text of the next game (the same extent arb_pgn_next reads for
 * it) without parsing its moves. ARB_OK with out->text set; ARB_OK with
 * out->text == NULL at the end; ARB_E_PGN for a game text longer than
 * ARB_PGN_GAME_TEXT_MAX bytes (err names the game's line and number; the
 * text is skipped, and the next call goes on with the next game); ARB_E_NOMEM,
 * ARB_E_IO (err says why); ARB_E_ARGUMENT for misuse (r or out NULL). Counts the game in arb_pgn_reader_games (and a
 * refused one in arb_pgn_reader_errors). Mixing calls with arb_pgn_next on
 * one reader is allowed: each call consumes one game. Memory: the reader
 * keeps one game's text.
 */
ARB_API arb_status arb_pgn_next_text(arb_pgn_reader *r, arb_pgn_text *out, arb_error *err);

/*
 * Parses one game's text (from arb_pgn_next_text, or any text holding one
 * game) into `out` (caller-owned, cleared first). `name` (NULL: "(input)"),
 * t->line, t->column and t->number are used in messages exactly as
 * arb_pgn_next writes them ("NAME:LINE:COLUMN: game N: why"); t->column also
 * tells whether text[0] is at the start of a line. flags as for
 * arb_pgn_reader_new. Returns ARB_OK; ARB_E_PGN with err (and `out` holding
 * the game up to the error with ARB_PGN_KEEP_PARTIAL, else cleared);
 * ARB_E_NOMEM; ARB_E_ARGUMENT for misuse (t, t->text or out NULL). Text after
 * the game's end other than white space, ';' comments and escape lines (what
 * the reader skips between games) is an error, and so is a text with no game.
 * Thread-safe: independent calls may run on several threads at once (no
 * shared state; the parse state is on the stack, the heap is used only for
 * comments or tag values over 512 bytes and variations nested over 7 deep).
 */
ARB_API arb_status arb_pgn_parse(const arb_pgn_text *t, const char *name, unsigned flags,
				 arb_record *out, arb_error *err);

/* A byte sink for writers: returns 0 on success, nonzero to stop. */
typedef int (*arb_write_fn)(void *ctx, const char *buf, size_t n);

/*
 * Writes `g` in PGN export format: the Seven Tag Roster first in its order
 * (missing ones as "?", Result from the game), other tags in ASCII order,
 * movetext lines of at most 79 characters, move numbers on White's moves and
 * "N..." where Black's move follows a comment, a variation or the start,
 * comments, NAGs and variations preserved, a blank line after the tags and
 * after the movetext. Games not starting from the standard position get
 * SetUp and FEN tags (and Variant "Chess960" in Chess960 mode).
 * Returns ARB_OK, ARB_E_IO when the sink fails, or ARB_E_NOMEM;
 * ARB_E_ARGUMENT for misuse (g or fn NULL).
 */
ARB_API arb_status arb_pgn_write(const arb_record *g, arb_write_fn fn, void *ctx);

/* ------------------------------------------------------------------------
 * EPD (Extended Position Description, PGN standard 16.2)
 * ---------------------------------------------------------------------- */

/* Operation indexes out of range are not misuse (each accessor says what
 * it gives); a NULL record is: the accessors then give NULL, 0 or -1 as for
 * an index out of range, the arb_status functions ARB_E_ARGUMENT,
 * arb_epd_clear_ops nothing. */
typedef struct arb_epd arb_epd;

/* A record holding the standard start position and no operations; NULL if
 * out of memory. Free with arb_epd_free (NULL is a no-op). */
ARB_API arb_epd *arb_epd_new(void);
ARB_API void arb_epd_free(arb_epd *e);

/*
 * Parses one EPD record: four FEN fields, then operations "opcode operand...;"
 * (operands are words or "quoted strings"). `hmvc` and `fmvn` set the clocks
 * of the position. The perft form "FEN ;D1 20 ;D2 400" (with or without
 * the two clock fields) is read too. Returns ARB_OK, an ARB_E_FEN_* code, or
 * ARB_E_EPD with err saying where; ARB_E_ARGUMENT for misuse (e or line NULL).
 */
ARB_API arb_status arb_epd_parse(arb_epd *e, const char *line, unsigned fen_flags, arb_error *err);

/* The record's position. */
ARB_API const arb_position *arb_epd_position(const arb_epd *e);
ARB_API arb_status arb_epd_set_position(arb_epd *e, const arb_position *pos);
/* Operations in order: count, name, operand count, operand (quotes removed). */
ARB_API int arb_epd_op_count(const arb_epd *e);
ARB_API const char *arb_epd_op_name(const arb_epd *e, int i);
ARB_API int arb_epd_operand_count(const arb_epd *e, int i);
ARB_API const char *arb_epd_operand(const arb_epd *e, int i, int j);
/* The index of operation `name`, or -1. */
ARB_API int arb_epd_find(const arb_epd *e, const char *name);
/* Adds or replaces operation `name` with operands (NULL-terminated list).
 * ARB_E_ARGUMENT for a name that is not an opcode (or misuse: e or name
 * NULL); ARB_E_NOMEM. */
ARB_API arb_status arb_epd_set_op(arb_epd *e, const char *name, const char *const *operands);
/* Removes all operations. */
ARB_API void arb_epd_clear_ops(arb_epd *e);
/*
 * Moves in `bm`/`am`-style operations (SAN) resolved against the position:
 * writes up to `max` moves into out and returns how many (0 for an index
 * out of range), or -1 with err set if one is not a legal move; -1 for
 * misuse (e NULL, max < 0, out NULL with max > 0).
 */
ARB_API int arb_epd_moves(const arb_epd *e, int i, arb_move *out, int max, arb_error *err);
/* Writes the record as one line (no newline) like snprintf; strings are quoted
 * when they contain spaces or semicolons. buf may be NULL when n is 0;
 * misuse (e NULL, buf NULL with n > 0): 0. */
ARB_API size_t arb_epd_to_string(const arb_epd *e, char *buf, size_t n, unsigned fen_flags);

/* ------------------------------------------------------------------------
 * Chess960 start positions (FIDE Laws Appendix F / Guidelines II)
 *
 * Numbering is Scharnagl's: for n in 0..959, n % 4 puts the light-squared
 * bishop on b/d/f/h, (n / 4) % 4 the dark-squared bishop on a/c/e/g,
 * (n / 16) % 6 the queen on that free square, n / 96 the knights on the five
 * squares left (NN---, N-N--, N--N-, N---N, -NN--, -N-N-, -N--N, --NN-,
 * --N-N, ---NN), and R K R on the last three. 518 is RNBQKBNR, 0 BBQNNRKR,
 * 959 RKRNNQBB. A pair W-B (double Chess960) gives White array W and
 * Black array B: 921,600 pairs; W-W is ordinary Chess960.
 * ---------------------------------------------------------------------- */

#define ARB_CHESS960_COUNT 960

/* Writes the back rank of position n ("RNBQKBNR", 8 letters + NUL) into out.
 * ARB_E_ARGUMENT if n is not in 0..959 (a number is input: not misuse), and
 * for misuse (out NULL). */
ARB_API arb_status arb_chess960_back_rank(int n, char *out);

/*
 * The number of a back rank given as 8 piece letters (either case): error
 * ARB_E_ARGUMENT with the reason in err unless it has exactly K, Q, 2 R, 2 B,
 * 2 N, the bishops on squares of opposite colours and the king between the
 * rooks; ARB_E_ARGUMENT also for misuse (rank or n NULL).
 */
ARB_API arb_status arb_chess960_number(const char *rank, int *n, arb_error *err);

/*
 * Sets `pos` to the start position with White's array `white` and Black's
 * array `black` (pass the same number for ordinary Chess960): pawns on the
 * second and seventh ranks, all four castling rights with their geometry
 * derived for each side, Chess960 mode, White to move. ARB_E_ARGUMENT for
 * a number not in 0..959, and for misuse (pos NULL).
 */
ARB_API arb_status arb_chess960_position(arb_position *pos, int white, int black);

/*
 * The numbers of a Chess960 (or double Chess960) start position: the pieces
 * exactly as arb_chess960_position puts them, White to move, all four
 * castling rights, no e.p. square; the clocks are not looked at. Error
 * ARB_E_ARGUMENT with the reason otherwise, and for misuse (a NULL pointer
 * other than err).
 */
ARB_API arb_status arb_chess960_identify(const arb_position *pos, int *white, int *black,
					 arb_error *err);

/* The number of the left-right mirror image of position n (its twin; a
 * symmetric array is its own twin), or -1 if n is out of range. */
ARB_API int arb_chess960_mirror(int n);

/*
 * Random draws. The generator is SplitMix64 (Steele, Lea, Flood 2014; as in
 * Java's SplittableRandom): state += 0x9E3779B97F4A7C15; z = state;
 * z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) *
 * 0x94D049BB133111EB; output z ^ (z >> 31). A seed S starts the state at S.
 * A number uniform in 0..m-1 is the first output x with x < 2^64 - (2^64 mod m),
 * taken as x mod m (rejection sampling: no modulo bias). Without a seed the
 * 64-bit outputs come from the operating system (getrandom) instead.
 */
typedef struct arb_rng {
	uint64_t state;
	int system; /* 1 = operating-system entropy, state unused */
} arb_rng;

/* A generator seeded with `seed` (reproducible). Misuse (rng NULL): nothing. */
ARB_API void arb_rng_seed(arb_rng *rng, uint64_t seed);
/* A generator drawing from the operating system's entropy (rng NULL: nothing). */
ARB_API void arb_rng_system(arb_rng *rng);
/* The next 64-bit output (0 and *ok = 0 if the system source fails or for
 * misuse, rng NULL; ok may be NULL). */
ARB_API uint64_t arb_rng_next(arb_rng *rng, int *ok);
/* A number uniform in 0..m-1 (m >= 1) by the rejection rule above; -1 on
 * failure, and for misuse (rng NULL, m < 1). */
ARB_API long arb_rng_uniform(arb_rng *rng, long m);

/* One position uniform over 0..959. -1 on failure (or rng NULL). */
ARB_API int arb_chess960_random(arb_rng *rng);

/*
 * A tournament draw: `rounds` distinct numbers into out. The candidates are
 * 0..959 in increasing order without the `nexclude` numbers of `exclude`;
 * round i (0-based) takes j = i + uniform(count - i) and swaps candidates i
 * and j (a partial Fisher-Yates shuffle), so a seed reproduces the draw. With
 * `no_twins`, when round i has drawn a number whose mirror twin is among the
 * candidates after position i, the twin's slot takes the last candidate and
 * count decreases by one. ARB_E_ARGUMENT if fewer candidates than rounds
 * remain (`out` may then hold the rounds drawn so far) or an excluded
 * number is not in 0..959, and for misuse (rng NULL, rounds or nexclude
 * negative, out or exclude NULL while its count is not 0).
 */
ARB_API arb_status arb_chess960_draw(arb_rng *rng, int rounds, const int *exclude, int nexclude,
				     int no_twins, int *out, arb_error *err);

/*
 * A double-Chess960 tournament draw: `rounds` distinct pairs, round i's
 * White array into white[i] and Black's into black[i]. Each round takes
 * x = uniform(921600), W = x / 960, B = x % 960 (as one random pair), and
 * takes the next x while W or B is one of the `nexclude` numbers of
 * `exclude` or the pair W-B was drawn in an earlier round; so round 1 is the
 * pair a single random draw gives, and the first k rounds do not depend on
 * `rounds`. ARB_E_ARGUMENT if an excluded number is not in 0..959 or fewer
 * pairs than rounds are left (k numbers not excluded give k * k pairs), and
 * for misuse (as arb_chess960_draw's); ARB_E_NOMEM; ARB_E_IO if the system
 * source fails.
 */
ARB_API arb_status arb_chess960_draw_double(arb_rng *rng, int rounds, const int *exclude,
					    int nexclude, int *white, int *black, arb_error *err);

/*
 * One start position of a Chess960 event drawn from `seed` (the draw order
 * of `arbiter tournament new --chess960`): `slot` 0 is the position of round
 * `round` (1..rounds) of an event with one position a round: number round - 1
 * of arb_chess960_draw(seed, rounds) (`arbiter 960 --rounds R --seed S`);
 * slot k >= 1 is board (or game pair) k of round `round`'s own draw from
 * the generator seeded with seed + round (mod 2^64): number (k - 1) mod 960
 * of arb_chess960_draw of all 960 positions (`arbiter 960 --rounds 960
 * --seed S+R`: distinct on the first 960 boards, then repeating). With
 * `dbl` (double Chess960) the draws are arb_chess960_draw_double's (slot 0:
 * pair round - 1 of `rounds`; slot k: pair k - 1, `arbiter 960 --double
 * --rounds K --seed S+R`). *white and *black get White's and Black's
 * arrays (the same number without dbl). ARB_E_ARGUMENT with the reason for
 * a round out of range, a negative slot, slot 0 with more than 960 rounds
 * (without dbl), and for misuse (white or black NULL); ARB_E_NOMEM.
 */
ARB_API arb_status arb_chess960_event_draw(uint64_t seed, int dbl, int rounds, int round, int slot,
					   int *white, int *black, arb_error *err);

/* ------------------------------------------------------------------------
 * Diagrams (SVG)
 *
 * A sheet is one SVG document holding `count` boards in a grid (up to 4 a
 * row, in order; one board is the whole sheet), 190 mm wide so that it
 * prints on A4 and scales freely on a screen. Each board has a title above
 * it, a caption below it, files a-h and ranks 1-8 labelled, the pieces as
 * vector shapes (no chess font needed), a disc right of the board level with
 * the first rank of the side to move (white or black), and a red mark under
 * the king of the side to move when it is in check. Text is escaped; bytes
 * that are not UTF-8 and control characters become U+FFFD, so any text gives
 * a well-formed document. The document goes out through an arb_write_fn;
 * after the sink fails nothing more is written and the calls return ARB_E_IO.
 * ---------------------------------------------------------------------- */

typedef struct arb_svg arb_svg;

#define ARB_SVG_FLIP 1u /* Black at the bottom: files h..a, ranks 1..8 downwards */

/*
 * A sheet for `count` (>= 1) boards with the document title `title` (NULL:
 * "arbiter: chess diagram(s)"), written to `fn`. Nothing is written yet.
 * NULL if memory runs out, or for misuse (count < 1, fn NULL). Free with
 * arb_svg_free.
 */
ARB_API arb_svg *arb_svg_new(int count, const char *title, arb_write_fn fn, void *ctx);

/*
 * Draws the next board of the sheet (the first call writes the document's
 * header): `pos` with `title` above (NULL: "White to move", with ": check",
 * ": checkmate" or ": stalemate" when so; "" for none) and `caption` below
 * (NULL: the X-FEN), White at the bottom unless `flags` has ARB_SVG_FLIP.
 * ARB_E_ARGUMENT when the sheet already has `count` boards, and for misuse
 * (s or pos NULL); ARB_E_IO when the sink has failed.
 */
ARB_API arb_status arb_svg_board(arb_svg *s, const arb_position *pos, const char *title,
				 const char *caption, unsigned flags);

/* Ends the document (boards not drawn leave their places empty).
 * ARB_OK, or ARB_E_IO if any write failed; ARB_E_ARGUMENT for s NULL. */
ARB_API arb_status arb_svg_finish(arb_svg *s);

/* Frees the sheet (it does not finish it); NULL is a no-op. */
ARB_API void arb_svg_free(arb_svg *s);

/* ------------------------------------------------------------------------
 * Game endings: terminal states, material, repetition and move counters
 * ---------------------------------------------------------------------- */

typedef enum arb_terminal {
	ARB_ONGOING = 0,
	ARB_CHECKMATE = 1, /* the side to move is mated */
	ARB_STALEMATE = 2  /* the side to move has no legal move and is not in check */
} arb_terminal;

/* Checkmate, stalemate or neither for the side to move (ARB_ONGOING for
 * misuse: pos NULL). */
ARB_API arb_terminal arb_position_terminal(const arb_position *pos);

/*
 * Material rules (no search). arb_position_insufficient_material(pos, side):
 * 1 if `side` can never give mate with its own material against the
 * opponent's: a lone king; king and one knight against a lone king; king and
 * bishops all on squares of one colour against a king with at most bishops on
 * that same colour. Otherwise 0 (which does not mean a mate is possible: see
 * arb_can_checkmate). arb_position_insufficient_both: 1 when that holds for
 * both sides (K v K, K+minor v K, all bishops on one colour). Misuse (pos
 * NULL, a colour that is none): 0.
 */
ARB_API int arb_position_insufficient_material(const arb_position *pos, arb_color side);
ARB_API int arb_position_insufficient_both(const arb_position *pos);

/*
 * A game history: the start (or set-up) position and the moves played, with
 * repetition counting under FIDE 9.2 ("the same position": same side to move,
 * placement, castling rights, and an e.p. square only when an e.p. capture is
 * legal). Keys are Zobrist keys; a key match is confirmed by comparing the
 * positions. The start position counts as an occurrence.
 *
 * A NULL history is misuse: the queries then give NULL, ARB_MOVE_NONE, 0
 * (counts), -1 (arb_history_halfmove_clock_after) or ARB_END_NONE, the
 * arb_status functions ARB_E_ARGUMENT.
 */
typedef struct arb_history arb_history;

/* A history starting at a copy of `start`. NULL if out of memory, or for
 * misuse (start NULL). Free with arb_history_free (NULL is a no-op). */
ARB_API arb_history *arb_history_new(const arb_position *start);
ARB_API void arb_history_free(arb_history *h);
/* The current position (valid until the next play/undo). */
ARB_API const arb_position *arb_history_position(const arb_history *h);
/* Moves played so far, and the i-th of them. */
ARB_API int arb_history_ply_count(const arb_history *h);
ARB_API arb_move arb_history_move(const arb_history *h, int ply);
/* Plays a legal move (ARB_E_MOVE_ILLEGAL otherwise, ARB_E_NOMEM). */
ARB_API arb_status arb_history_play(arb_history *h, arb_move move);
/* Takes back the last move (ARB_E_ARGUMENT if there is none). */
ARB_API arb_status arb_history_undo(arb_history *h);

/* How many times the current position has occurred, this time included. */
ARB_API int arb_history_occurrences(const arb_history *h);
/* How many times the position after the legal move `move` would have
 * occurred if it were played (a claim with a written intended move). */
ARB_API int arb_history_occurrences_after(const arb_history *h, arb_move move);
/* The strict reading of FIDE 2014 9.6a ("consecutive alternate moves"): how
 * many times in a row the current position occurred at every 4th ply going
 * back from now (1 = only now). See docs/rules.md#fivefold-in-2014. */
ARB_API int arb_history_consecutive_occurrences(const arb_history *h);
/* The half-move clock the legal move `move` would leave (a 50-move claim with
 * an intended move completes 50 moves when this is >= 100). */
ARB_API int arb_history_halfmove_clock_after(const arb_history *h, arb_move move);

/* The automatic endings in their fixed order of precedence, each tested
 * only under its flag: a checkmate wins even on the move that reaches a
 * limit; then stalemate; then neither side having mating material
 * (ARB_ENDING_MATERIAL); then a dead position (ARB_ENDING_DEAD: decided by
 * arb_position_dead; ARB_ENDING_DEAD_STATIC: by the static proofs alone);
 * then fivefold repetition; then the 75-move rule (half-move clock >= 150);
 * then the automatic 50-move rule; then automatic threefold repetition.
 * This is the one place that fixes the order: the adjudicator
 * (arb_game_event) takes its automatic endings from here. */
typedef enum arb_ending {
	ARB_END_NONE = 0,
	ARB_END_CHECKMATE,
	ARB_END_STALEMATE,
	ARB_END_DEAD,
	ARB_END_FIVEFOLD,
	ARB_END_SEVENTYFIVE,
	ARB_END_INSUFFICIENT, /* neither side can mate by its material (ARB_ENDING_MATERIAL) */
	ARB_END_FIFTY,        /* 50 moves without capture or pawn move, automatic */
	ARB_END_THREEFOLD     /* threefold repetition, automatic */
} arb_ending;

#define ARB_ENDING_FIVEFOLD 1u             /* fivefold: any 5 occurrences (2018+) */
#define ARB_ENDING_FIVEFOLD_CONSECUTIVE 2u /* fivefold: 5 in a 4-ply cycle (2014 strict) */
#define ARB_ENDING_SEVENTYFIVE 4u          /* the 75-move rule is automatic */
#define ARB_ENDING_DEAD 8u                 /* test for a dead position */
#define ARB_ENDING_MATERIAL \
	16u /* arb_position_insufficient_both: its own
					      ending, before the dead-position test */
#define ARB_ENDING_DEAD_STATIC \
	32u                       /* a dead position by the static proofs only
					      (material, pawn structure, lone minor
					      piece; no search); ignored with _DEAD */
#define ARB_ENDING_FIFTY 64u      /* the 50-move rule is automatic (lichess) */
#define ARB_ENDING_THREEFOLD 128u /* threefold repetition is automatic */

/* The automatic ending of the current position under `flags`, or
 * ARB_END_NONE. `max_nodes` bounds the dead-position search (0 = default);
 * an undetermined dead-position test counts as not dead. */
ARB_API arb_ending arb_history_ending(const arb_history *h, unsigned flags, long max_nodes);
/* The same with the counts of a rule profile instead of the Laws' 5 and 75:
 * the fivefold ending at `fivefold` occurrences (draw.fivefold_count), the
 * 75-move ending at a half-move clock of 2 * `seventyfive_moves`
 * (draw.seventyfive_moves); both at least 1 (ARB_END_NONE for misuse: a
 * count below 1). arb_history_ending is this with 5 and 75. */
ARB_API arb_ending arb_history_ending_counts(const arb_history *h, unsigned flags, int fivefold,
					     int seventyfive_moves, long max_nodes);
/* The counts of every automatic ending, as a rule profile gives them. */
typedef struct arb_ending_limits {
	int threefold;         /* occurrences (draw.threefold_count; the Laws: 3) */
	int fivefold;          /* occurrences (draw.fivefold_count; 5) */
	int fifty_moves;       /* moves of each player (draw.fifty_moves; 50) */
	int seventyfive_moves; /* moves of each player (draw.seventyfive_moves; 75) */
} arb_ending_limits;
/* The same with every count of a profile (each at least 1):
 * arb_history_ending_counts is this with 3 and 50 for the counts it does not
 * take. These three count a dead-position test that ran out of memory as
 * "not dead"; arb_history_ending_status tells it apart. ARB_END_NONE for
 * misuse (limits NULL, a count below 1). */
ARB_API arb_ending arb_history_ending_limits(const arb_history *h, unsigned flags,
					     const arb_ending_limits *limits, long max_nodes);
/* arb_history_ending_limits with the error told: *out the ending (as there),
 * and ARB_E_NOMEM when the dead-position test (ARB_ENDING_DEAD or _STATIC)
 * could not be made for want of memory (*out is then the ending that the
 * rest of the precedence gives), else ARB_OK. The adjudicator uses this.
 * ARB_E_ARGUMENT for misuse (limits or out NULL, a count below 1). */
ARB_API arb_status arb_history_ending_status(const arb_history *h, unsigned flags,
					     const arb_ending_limits *limits, long max_nodes,
					     arb_ending *out);

/* ------------------------------------------------------------------------
 * "Can this side still checkmate?" (FIDE 5.2.2 dead position, 6.9 time
 * forfeit, 7.5.5 illegal-move loss)
 * ---------------------------------------------------------------------- */

typedef enum arb_verdict {
	ARB_UNDETERMINED = 0, /* the node budget ran out */
	ARB_WINNABLE = 1,     /* some series of legal moves mates: line[] proves it */
	ARB_UNWINNABLE = 2,   /* no series of legal moves can mate (never wrong) */
	ARB_VERDICT_NOMEM = 3 /* memory for the analysis could not be had: nothing
				 is proved, and the caller reports ARB_E_NOMEM */
} arb_verdict;

#define ARB_MATE_LINE_MAX 512
#define ARB_ANALYSIS_DEFAULT_NODES 2000000L

typedef struct arb_analysis {
	arb_verdict verdict;
	int line_len;                     /* when winnable: the moves, both sides, */
	arb_move line[ARB_MATE_LINE_MAX]; /* from the position to the mate */
	long nodes;                       /* search nodes used */
} arb_analysis;

/*
 * Can `side` checkmate its opponent by any series of legal moves, both sides
 * cooperating (a helpmate)? Cheapest tests first (material, forced play,
 * which squares pieces can ever reach), then a bounded helpmate search.
 * `max_nodes` (0 = ARB_ANALYSIS_DEFAULT_NODES) bounds the search; running
 * out gives ARB_UNDETERMINED; an allocation that fails on the way, when
 * no verdict was reached, gives ARB_VERDICT_NOMEM (a smaller transposition
 * table than asked for is not a failure: it only costs time). A position
 * already mated by `side` is winnable with an empty line. Move counters are
 * ignored. `out` may be NULL. Misuse (pos NULL, a side that is none):
 * ARB_UNDETERMINED (in *out too).
 */
ARB_API arb_verdict arb_can_checkmate(const arb_position *pos, arb_color side, long max_nodes,
				      arb_analysis *out);

/* A dead position (FIDE 5.2.2): ARB_UNWINNABLE if neither side can mate,
 * ARB_WINNABLE if one can, ARB_UNDETERMINED if the budget ran out first
 * (and for misuse: pos NULL), ARB_VERDICT_NOMEM if neither of those and an
 * analysis ran out of memory. */
ARB_API arb_verdict arb_position_dead(const arb_position *pos, long max_nodes);

/*
 * US Chess rule 14E (a different question from FIDE's): when `flagged`'s
 * time runs out, is the game a draw because the opponent has insufficient
 * material to win on time: only a lone king; K+B or K+N with no forced win;
 * or K+N+N against a pawnless player with no forced win? 1 = draw, 0 = the
 * opponent wins on time, -1 = no memory for the forced-win search. The
 * search is bounded by max_nodes (0 = default); undetermined counts as "no
 * forced win". 0 for misuse (pos NULL, a colour that is none).
 */
ARB_API int arb_uscf_insufficient_to_win(const arb_position *pos, arb_color flagged,
					 long max_nodes);

/*
 * US Chess blitz rule 7c (again a different question): does `side` have
 * mating material, that is a pawn, a rook, a queen, or at least two minor
 * pieces (two knights count)? 1 = yes (a flag fall or an illegal-move claim
 * by `side` wins), 0 = no (blitz 8d: a draw instead). Only the material is
 * looked at, never the position. 0 for misuse (pos NULL, a colour that is
 * none).
 */
ARB_API int arb_uscf_blitz_mating_material(const arb_position *pos, arb_color side);

/* The "cannot mate" tests of the rule editions (the words of the profile
 * fields time.flag_test and illegal.cannot_mate, in order). */
typedef enum {
	ARB_MATE_FIDE = 0,
	ARB_MATE_FIDE1997_BLITZ,
	ARB_MATE_USCF_14E,
	ARB_MATE_USCF_BLITZ,
	ARB_MATE_LICHESS,
	ARB_MATE_NONE
} arb_mate_test;

/*
 * The "cannot mate" exception of a flag fall or an illegal-move loss under
 * the test a rule edition names (arb_mate_test, the profile's
 * time.flag_test / illegal.cannot_mate): 1 if `side` cannot mate, so that
 * its opponent's flag or illegal move draws instead of losing; 0 if it can
 * (or the test does not prove it cannot); -1 if the analysis ran out of
 * memory (ARB_MATE_FIDE, _FIDE1997_BLITZ and _USCF_14E; nothing is proved). ARB_MATE_FIDE is arb_can_checkmate
 * (unwinnable, within max_nodes, 0 = default); ARB_MATE_FIDE1997_BLITZ adds
 * that two knights against a bare king are not mating potential (1997 App.
 * C4); ARB_MATE_USCF_14E is arb_uscf_insufficient_to_win for the opponent's
 * flag; ARB_MATE_USCF_BLITZ is "no mating material" (blitz 7c);
 * ARB_MATE_LICHESS the material list of lichess (a lone king; a knight
 * against queens at most; bishops of one colour against no knight or pawn);
 * ARB_MATE_NONE never. *why (when not NULL) gets a few words naming what
 * the test found ("two knights are not mating potential"), static text.
 * Misuse (pos NULL, a side or test that is none): 0.
 */
ARB_API int arb_position_cannot_mate(const arb_position *pos, arb_color side, arb_mate_test test,
				     long max_nodes, const char **why);

/* ------------------------------------------------------------------------
 * Time controls and clocks
 *
 * All times are integer milliseconds in a 64-bit long; no floating point
 * anywhere. The clock never reads a wall clock: every operation takes the
 * time `t` (ms >= 0, from any origin the caller likes) at which it happens,
 * and times must not go back. Every function checks a control it is given
 * (periods 1..8, a rest-of-game period only last, no negative time, known
 * kinds) and gives for a bad one what it documents (a control is data, not
 * misuse). A NULL control, clock or record, or a side that is neither
 * ARB_WHITE nor ARB_BLACK, is misuse: the answer for a bad argument below
 * (ARB_E_ARGUMENT, -1, 0, NULL). A time before the last operation, and
 * moves, times and penalties out of their range, are not misuse: they are
 * the documented ARB_E_ARGUMENT or -1 in every build.
 * ---------------------------------------------------------------------- */

#define ARB_TC_MAX_PERIODS 8
#define ARB_TC_MAX 2048 /* buffer size that holds any formatted time control */

typedef enum arb_delay_kind {
	ARB_DELAY_NONE = 0,
	ARB_DELAY_SIMPLE,   /* US delay, FIDE "time-delay mode": the main time starts
			       only after the delay; unused delay is lost */
	ARB_DELAY_BRONSTEIN /* the time used is given back after the move, at most
			       the delay; the main time never rises */
} arb_delay_kind;

/* One period of a side's control. */
typedef struct arb_period {
	int moves;          /* moves to complete in it; 0 = the rest of the game */
	long base_ms;       /* time added when the period starts */
	long increment_ms;  /* added after each completed move (Fischer)... */
	int increment_from; /* ...from this move number of the game on (1 = all) */
	long delay_ms;
	arb_delay_kind delay;
} arb_period;

/* One side's control: periods in order; a last period with moves > 0
 * repeats (e.g. "then 20 moves in 60 min, repeated"). */
typedef struct arb_control {
	int nperiods;
	arb_period period[ARB_TC_MAX_PERIODS];
} arb_control;

typedef enum arb_tc_kind {
	ARB_TC_UNKNOWN = 0, /* PGN "?" */
	ARB_TC_NONE,        /* PGN "-": no time control */
	ARB_TC_PERIODS,     /* periods; each side its own with time odds */
	ARB_TC_SANDCLOCK    /* PGN "*180": an hourglass, the time one side uses
			       flows to the other */
} arb_tc_kind;

typedef struct arb_time_control {
	arb_tc_kind kind;
	arb_control side[2]; /* [ARB_WHITE], [ARB_BLACK]: equal unless odds */
	long sandclock_ms;   /* ARB_TC_SANDCLOCK: each side's starting time */
	int delay_stated;    /* the text named a delay or an increment (US
				  "d/0" too): US Chess 5E2 then adds none */
} arb_time_control;

/*
 * Parses a time control written in any of these notations (detected from
 * the text; surrounding blanks ignored):
 *  - PGN TimeControl (PGN standard 9.6.1): "?", "-", "300" (sudden death,
 *    seconds), "4500+60" (increment), "40/5400" (moves/seconds), "*180"
 *    (sandclock), periods joined by ':' ("40/5400+30:1800+30"). Extensions:
 *    a delay suffix "d5" (simple) or "b5" (Bronstein) on a period ("300d5",
 *    "300+0d5" is the same), "+3@61" for an increment from move 61 on, and
 *    time odds as WHITE=BLACK ("300=240").
 *  - FIDE TRF-2026 tag 222: the PGN period syntax, time odds as
 *    "W300-B240" (each side any period list).
 *  - US Chess: "G/90;d5", "G/60;inc30", "40/120, SD/60;d5", "G/5 d/0",
 *    "G/3+2": minutes per period ("G/" or "SD/" for the rest of the game,
 *    "N/" for N moves), then delay ("d5", "d/5") or increment ("inc30",
 *    "inc/30", "+30") in seconds, which apply to every period.
 * Seconds and minutes may have up to three decimals. Returns ARB_OK, or
 * ARB_E_TIME_CONTROL with err (may be NULL) giving the 1-based column and
 * the reason; tc is untouched on error. ARB_E_ARGUMENT for misuse (text or
 * tc NULL).
 */
ARB_API arb_status arb_tc_parse(const char *text, arb_time_control *tc, arb_error *err);
/* (The delay letter may also be 's'/'S' for simple, as some programs write;
 * upper case is accepted for every letter.) */

typedef enum arb_tc_notation {
	ARB_TC_PGN = 0, /* "40/5400+30:1800+30", odds "300=240" */
	ARB_TC_TRF,     /* tag 222: like PGN, odds "W300-B240" */
	ARB_TC_USCF,    /* "40/90, SD/30;inc30" */
	ARB_TC_TEXT     /* "90 min for 40 moves, then 30 min, +30 s per move from move 1" */
} arb_tc_notation;

/*
 * Writes tc in a notation into buf (size n, NUL-terminated, truncated if
 * short; ARB_TC_MAX always suffices) and returns the full length. Parsing
 * the PGN or TRF form gives back an equal control. A control a notation
 * cannot express gives "" and 0: in US Chess a sandclock, "?", "-", time
 * odds, per-period delays or increments that differ, a time that is not a
 * whole number of 60 ms (minutes with three decimals), and a control
 * without a final G/ or SD/ period (it would read as PGN). buf may be NULL
 * (nothing is written). Misuse (tc NULL, a notation that is none): 0.
 */
ARB_API size_t arb_tc_format(const arb_time_control *tc, arb_tc_notation how, char *buf, size_t n);

/* 1 if the two controls run the same clock (field by field, normalised;
 * delay_stated, a notation detail, is not compared: "300" equals "300+0").
 * 0 for misuse (a or b NULL). */
ARB_API int arb_tc_equal(const arb_time_control *a, const arb_time_control *b);

/*
 * The category of a control under a rule set: `edition` is "fide1997",
 * "fide2009" (rapid: 15 to under 60 min of base + 60 x increment, blitz
 * under 15; 1997 uses the same bounds), "fide2014", "fide2018", "fide2023"
 * (rapid: over 10 and under 60, blitz: 10 or less) -> "standard", "rapid" or
 * "blitz"; "uscf" (5C: base minutes + delay or increment seconds: "regular"
 * over 65, "dual" 30 to 65, "quick" over 10 and under 30, "blitz" 5 to 10
 * with base at least 3 min, else "unrated"; time odds are "unrated");
 * "online" (lichess: base + 40 x increment seconds: "ultrabullet" under 30,
 * "bullet" under 180, "blitz" under 480, "rapid" under 1500, "classical"
 * under 21600, else "correspondence"; lichess's keys: "ultraBullet",
 * "bullet", "blitz", "rapid", "classical", "correspondence"). For several
 * periods FIDE counts the time for the first 60 moves, US Chess and online
 * the first period. With odds FIDE (whose bounds hold "for each player")
 * and online take the player with less time. A sandclock counts as its
 * time without increment (US Chess: "unrated"). "-" is "none"
 * ("correspondence" online), "?" is "unknown"; NULL for an unknown edition
 * or a bad control, and for misuse (tc or edition NULL). The editions' bounds are rows of a table
 * (engine/rules/categories.c), the values the shipped profiles give the
 * fields time.categories and time.category_*; arb_rules_tc_category
 * classifies by a profile's own.
 */
ARB_API const char *arb_tc_category(const arb_time_control *tc, const char *edition);

/* US Chess 5E2: the delay that applies when the organiser names none
 * (5 s for a base of 30 min or more or several periods, 3 s over 10 and
 * under 30 min, 2 s for 10 min or less); 0 when tc states a delay or an
 * increment, has time odds (not rated, 5C1), or is not timed (or tc is
 * NULL: misuse). */
ARB_API long arb_tc_uscf_default_delay(const arb_time_control *tc);

typedef struct arb_clock arb_clock;

typedef enum arb_transition {
	ARB_PERIOD_BY_MOVES = 0, /* FIDE 6.3, US Chess 5D: the next period's time
				    is added when its move count is completed;
				    saved time carries over */
	ARB_PERIOD_BY_FLAG       /* many digital clocks: it is added when the
				    flag falls (the fall is still recorded) */
} arb_transition;

/*
 * A clock for a timed control (ARB_TC_PERIODS or ARB_TC_SANDCLOCK), stopped
 * until arb_clock_start. NULL for any other control or out of memory, and
 * for misuse (tc NULL). Free with arb_clock_free (NULL is a no-op).
 */
ARB_API arb_clock *arb_clock_new(const arb_time_control *tc, arb_transition mode);
ARB_API void arb_clock_free(arb_clock *c);

/*
 * The operations, each at time t (ms), never before the previous one
 * (ARB_E_ARGUMENT then, and nothing changes):
 *  - start: White's clock starts (move 1). ARB_E_ARGUMENT if started.
 *  - press: the side to move completes a move. In this order: its flag is
 *    checked (a flag falls when its main time reaches zero; a press at the
 *    very millisecond it reaches zero is too late), then, only if its time
 *    did not run out during this move, the Bronstein refund and the
 *    increment, then the next period by move count; the other clock
 *    starts. ARB_E_ARGUMENT if not running. By flag, the next period starts
 *    when the time runs out, and that is a flag fall only if the period's
 *    moves were not all made.
 *  - stop / resume: an arbiter's interruption (the delay left of the move
 *    in progress is kept).
 *  - add: delta ms (negative to deduct, floored at zero) to a side, e.g. a
 *    penalty of +2 min to the opponent; a side taken to zero has its flag
 *    fall at t.
 *  - halve: deducts half of a side's time, at most cap_ms (the FIDE 1997
 *    incorrect-claim penalty; 2009's steps are the caller's); returns the
 *    amount deducted, -1 on error.
 *  - set: an arbiter's correction of a side's time; ms > 0 also raises a
 *    fallen flag of that side.
 *  - set_turn: the side whose clock runs (or will run at start or resume),
 *    no move counted: a game from a position with Black to move, an
 *    illegal move taken back, an arbiter's correction.
 *  - set_moves: the moves a side has completed (a game resumed or set up
 *    at move N); its period follows by move count; no time changes.
 */
ARB_API arb_status arb_clock_start(arb_clock *c, long t);
ARB_API arb_status arb_clock_press(arb_clock *c, long t);
ARB_API arb_status arb_clock_stop(arb_clock *c, long t);
ARB_API arb_status arb_clock_resume(arb_clock *c, long t);
ARB_API arb_status arb_clock_add(arb_clock *c, arb_color side, long delta_ms, long t);
ARB_API long arb_clock_halve(arb_clock *c, arb_color side, long cap_ms, long t);
ARB_API arb_status arb_clock_set(arb_clock *c, arb_color side, long ms, long t);
ARB_API arb_status arb_clock_set_turn(arb_clock *c, arb_color side, long t);
ARB_API arb_status arb_clock_set_moves(arb_clock *c, arb_color side, int moves, long t);

/* A side's main time at t (>= 0; for a running simple delay, the delay
 * left is not included), or -1 for a bad argument or a t before the last
 * operation. Does not change the clock. */
ARB_API long arb_clock_remaining(const arb_clock *c, arb_color side, long t);
/* The simple delay left of the move in progress at t (also while the clock
 * is stopped; 0 if none), or -1 for a bad argument or t. */
ARB_API long arb_clock_delay_left(const arb_clock *c, long t);

/* How many flags are down at t (0, 1 or 2); with at least one, *first (may
 * be NULL) gets the side whose flag fell first and *when (may be NULL) the
 * time it fell. Both down at the same millisecond: White is reported. -1
 * for a bad argument or a t before the last operation. */
ARB_API int arb_clock_flags(const arb_clock *c, long t, arb_color *first, long *when);
/* When side's flag fell (as seen at t), -1 if it is up, -2 for a bad
 * argument or a t before the last operation. */
ARB_API long arb_clock_flag_time(const arb_clock *c, arb_color side, long t);

/* The side whose clock runs, or -1 (not started, stopped). */
ARB_API int arb_clock_running(const arb_clock *c);
/* Moves completed by side, and the index of its current period, as of the
 * last operation (by flag, a period that the running time has already
 * entered shows from the next operation on; arb_clock_remaining(t) counts
 * its time at once). */
ARB_API int arb_clock_moves(const arb_clock *c, arb_color side);
ARB_API int arb_clock_period(const arb_clock *c, arb_color side);

/*
 * A game's clock history rebuilt from its main line's [%clk] (time left
 * after the move, increment included) and [%emt] (time used) comments and
 * a control (tc, or when NULL the game's TimeControl tag).
 */
typedef struct arb_clock_entry {
	arb_color side;
	int move_number;   /* the move's number in the game (from the start
			      position's full-move number) */
	long used_ms;      /* time used: [%emt], else the main time the [%clk]
			      readings imply (a delay covers the rest), or
			      ARB_NO_CLOCK */
	long remaining_ms; /* main time after the move, or ARB_NO_CLOCK */
	int period;        /* the side's period after the move */
} arb_clock_entry;

typedef enum arb_clock_issue_kind {
	ARB_CLOCK_RISES = 1,  /* [%clk] rose more than increment, refund and period allow */
	ARB_CLOCK_NEGATIVE,   /* the time used runs past zero (the flag fell) */
	ARB_CLOCK_MISMATCH,   /* [%clk] and [%emt] of a move disagree */
	ARB_CLOCK_NO_CONTROL, /* no usable control: only the readings are given */
	ARB_CLOCK_NO_READINGS /* not one [%clk] or [%emt] in the game */
} arb_clock_issue_kind;

typedef struct arb_clock_issue {
	arb_clock_issue_kind kind;
	int ply;          /* 0-based ply of the main line (-1: the whole game) */
	char message[96]; /* "move 23 (black): clock rises by 12 s, more than
			      the control gives" */
} arb_clock_issue;

/*
 * Fills entries[0..min(plies, n_entries)) (one per main-line ply) and up to
 * n_issues issues; *issue_count (may be NULL) gets the number found (can be
 * more than n_issues). Readings are compared within 1 s ([%clk] has whole
 * seconds); time that runs out (exactly zero included, as on the clock) is
 * reported once per side and earns no increment. A game set up at move N
 * counts the moves before it for periods and increment_from and learns the
 * time left from its first reading. Returns the number of plies, or -1 for
 * misuse (g NULL, n_entries or n_issues negative, entries NULL with
 * n_entries > 0; issues may be NULL).
 */
ARB_API int arb_record_clock_history(const arb_record *g, const arb_time_control *tc,
				     arb_clock_entry *entries, int n_entries,
				     arb_clock_issue *issues, int n_issues, int *issue_count);

/* ------------------------------------------------------------------------
 * Competition rules (engine/rules/rules.c)
 *
 * An arb_rules is the set of parameters a rule profile fills in: which
 * draws are claims and which are automatic, what an incorrect claim or an
 * illegal move costs, how a flag fall is judged, lateness, quickplay
 * finishes and scoring, plus the article of the edition each decision cites.
 * Every parameter has a dotted name ("draw.threefold", "illegal.penalty_s"),
 * a type (an enumeration of words, an integer, a flag or a string) and the
 * key of the article it models; profiles, `arbiter profile show` and
 * `profile diff` go through that table (arb_rules_field), so the C struct
 * below never has to be named field by field outside engine/rules/rules.c.
 * A profile is a Lua script (profiles/README.md): it is loaded by the Lua
 * layer, which calls arb_rules_set for each field it returns.
 * ---------------------------------------------------------------------- */

#define ARB_RULES_NAME 128   /* a profile name with its options */
#define ARB_RULES_TEXT 48    /* editions, enum words */
#define ARB_RULES_ARTICLE 32 /* "9.6.2", "A.4.2 -> 7.5.5" */
#define ARB_RULES_DESCRIPTION 160
#define ARB_RULES_VALUE 200      /* buffer that holds any value as text */
#define ARB_RULES_CATEGORIES 160 /* time.categories */

typedef enum arb_rules_type {
	ARB_RULES_ENUM = 0, /* one word of a fixed list */
	ARB_RULES_INT,      /* a whole number (seconds, counts, plies) */
	ARB_RULES_BOOL,     /* true / false */
	ARB_RULES_STRING    /* free text */
} arb_rules_type;

/* The article keys: what a decision cites. A profile maps each key to the
 * number of the article in its edition ("threefold" -> "9.2.1"). */
typedef enum arb_article {
	ARB_ART_CHECKMATE = 0,
	ARB_ART_STALEMATE,
	ARB_ART_DEAD,
	ARB_ART_THREEFOLD,
	ARB_ART_FIVEFOLD,
	ARB_ART_FIFTY,
	ARB_ART_SEVENTYFIVE,
	ARB_ART_CLAIM_PENALTY,
	ARB_ART_AGREEMENT,
	ARB_ART_OFFER,
	ARB_ART_RESIGN,
	ARB_ART_ILLEGAL,
	ARB_ART_ILLEGAL_LOSS,
	ARB_ART_PROMOTION,
	ARB_ART_PRESS,
	ARB_ART_COMPLETED,
	ARB_ART_FLAG,
	ARB_ART_FLAG_ESTABLISH,
	ARB_ART_BOTH_FLAGS,
	ARB_ART_DEFAULT_TIME,
	ARB_ART_QPF,
	ARB_ART_INCREMENT_REQUEST,
	ARB_ART_DRAW_ODDS,
	ARB_ART_CASTLING_960,
	ARB_ART_TD,
	ARB_ART_SCORING,
	ARB_ART_TOUCH_MOVE,
	ARB_ART_TOUCH_CASTLE,
	ARB_ART_BOTH_LATE,
	ARB_ART_QPF_SCOPE,
	ARB_ART_COUNT
} arb_article;

/* Enumerations of the struct (their words, in order, are in the field table). */
typedef enum { ARB_SPEED_STANDARD = 0, ARB_SPEED_RAPID, ARB_SPEED_BLITZ } arb_speed;
typedef enum { ARB_SUPERVISION_LIMITED = 0, ARB_SUPERVISION_FULL } arb_supervision;
typedef enum { ARB_CLAIMED = 0, ARB_AUTOMATIC, ARB_AUTOMATIC_WHEN_SHORT } arb_threefold_rule;
typedef enum {
	ARB_FIVEFOLD_NONE = 0,
	ARB_FIVEFOLD_TD,
	ARB_FIVEFOLD_CONSECUTIVE,
	ARB_FIVEFOLD_ANY
} arb_fivefold_rule;
typedef enum { ARB_MOVES_NONE = 0, ARB_MOVES_TD, ARB_MOVES_CLAIM, ARB_MOVES_AUTO } arb_moves_rule;
typedef enum { ARB_DEAD_ANALYSIS = 0, ARB_DEAD_USCF, ARB_DEAD_MATERIAL } arb_dead_rule;
typedef enum {
	ARB_CLAIMANT_NONE = 0,
	ARB_CLAIMANT_HALF_MAX_180,
	ARB_CLAIMANT_TIERED_2009
} arb_claimant_penalty;
typedef enum {
	ARB_ILLEGAL_PENALISE = 0,
	ARB_ILLEGAL_QUICKPLAY_ONLY,
	ARB_ILLEGAL_REINSTATE,
	ARB_ILLEGAL_REJECTED
} arb_illegal_mode;
/* arb_mate_test (illegal.cannot_mate, time.flag_test) is declared with the
 * analysis, beside arb_position_cannot_mate. */
typedef enum {
	ARB_PROMO_ILLEGAL = 0,
	ARB_PROMO_QUEEN,
	ARB_PROMO_IMPROPER_PRESS,
	ARB_PROMO_IMPOSSIBLE
} arb_promotion_rule;
typedef enum { ARB_PRESS_MISUSE = 0, ARB_PRESS_ILLEGAL, ARB_PRESS_IMPOSSIBLE } arb_press_rule;
typedef enum { ARB_FLAG_BY_ARBITER = 0, ARB_FLAG_BY_CLAIM, ARB_FLAG_BY_SERVER } arb_flag_by;
typedef enum {
	ARB_BOTH_CONTINUE_UNLESS_LAST = 0,
	ARB_BOTH_DRAW,
	ARB_BOTH_USCF,
	ARB_BOTH_GUIDELINES_III
} arb_both_flags;
typedef enum { ARB_LATE_WHITE_CLOCK = 0, ARB_LATE_SPLIT } arb_both_late;
typedef enum { ARB_CLOCK_ANALOG = 0, ARB_CLOCK_DIGITAL } arb_clock_kind;
typedef enum { ARB_PERIOD_AUTO = 0, ARB_PERIOD_NOT_LAST, ARB_PERIOD_LAST } arb_period_rule;
typedef enum {
	ARB_QPF_NONE = 0,
	ARB_QPF_FIDE_10_2,
	ARB_QPF_APPENDIX_G,
	ARB_QPF_GUIDELINES_III,
	ARB_QPF_USCF_14H
} arb_qpf_rule;
typedef enum { ARB_DRAW_SCORED_DRAW = 0, ARB_DRAW_SCORED_BLACK_WIN } arb_draw_scoring;
typedef enum { ARB_CATEGORY_MOVES = 0, ARB_CATEGORY_FIRST_PERIOD } arb_category_count;
typedef enum { ARB_CATEGORY_ODDS_LESS_TIME = 0, ARB_CATEGORY_ODDS_LAST } arb_category_odds;

struct arb_game;
struct arb_decision;

/* What a hook hands back: `set` = 0 leaves everything as it was. A result
 * "*" from an ending hook cancels the ending (the game goes on). */
typedef struct arb_hook_out {
	int set;
	char result[8];  /* scored: "1-0", "0-1", "1/2-1/2", "*" */
	char reason[32]; /* a reason's name (arb_reason_name; docs/rules.md#reason-codes)
				    or the hook's own */
	char detail[96];
	char article[48];  /* as cited, e.g. "house rule 3" */
	char points[2][8]; /* White's and Black's points ("" = by the result) */
} arb_hook_out;

/* A hook: called with the game after each completed move (ending = NULL)
 * or when the game is about to end (ending = the ending decision). Returns
 * 0, or -1 with a message in err[0..errlen) (the game then stops with
 * ARB_E_PROFILE). Hooks run in the caller's thread. */
typedef int (*arb_rules_hook)(void *ud, const struct arb_game *game,
			      const struct arb_decision *ending, arb_hook_out *out, char *err,
			      size_t errlen);

typedef struct arb_rules {
	char name[ARB_RULES_NAME];    /* "fide2014-blitz{supervision=full}" */
	char edition[ARB_RULES_TEXT]; /* article prefix: "FIDE 2014" */
	char description[ARB_RULES_DESCRIPTION];
	arb_speed speed;
	arb_supervision supervision;
	int chess960; /* start positions are Chess960 */

	arb_threefold_rule threefold;          /* draw.threefold */
	int threefold_short_s;                 /* draw.threefold_short_s */
	int threefold_count;                   /* draw.threefold_count: occurrences (3) */
	arb_fivefold_rule fivefold;            /* draw.fivefold */
	int fivefold_count;                    /* draw.fivefold_count: occurrences (5) */
	arb_moves_rule fifty;                  /* draw.fifty (claim or auto) */
	int fifty_moves;                       /* draw.fifty_moves: moves of each player (50) */
	arb_moves_rule seventyfive;            /* draw.seventyfive (none, td, auto) */
	int seventyfive_moves;                 /* draw.seventyfive_moves (75) */
	arb_dead_rule dead;                    /* draw.dead */
	int claim_is_offer;                    /* draw.claim_is_offer */
	int claim_penalty_s;                   /* draw.claim_penalty_s: to the opponent */
	arb_claimant_penalty claimant_penalty; /* draw.claimant_penalty */
	int agreement_min_moves;               /* draw.agreement_min_moves: each side */
	int offer_min_ply;                     /* draw.offer_min_ply */
	int offer_repeat_plies;                /* draw.offer_repeat_plies */
	int resign_dead_draw;                  /* draw.resign_dead_draw */

	arb_illegal_mode illegal;          /* illegal.mode */
	int illegal_penalty_s;             /* illegal.penalty_s */
	int illegal_lose_on;               /* illegal.lose_on: strike that loses, 0 never */
	arb_mate_test illegal_mate_test;   /* illegal.cannot_mate */
	arb_promotion_rule promotion;      /* illegal.promotion */
	arb_press_rule press_without_move; /* illegal.press_without_move */
	int touch_move;                    /* illegal.touch_move: replacement obeys 4.3 */

	arb_mate_test flag_mate_test;          /* time.flag_test */
	arb_flag_by flag_by;                   /* time.flag_by */
	int claimant_flag_up;                  /* time.claimant_flag_up */
	arb_both_flags both_flags;             /* time.both_flags */
	arb_clock_kind clock;                  /* time.clock */
	arb_period_rule period;                /* time.period */
	int default_s;                         /* time.default_s: -1 = no rule */
	int default_first_control;             /* time.default_first_control */
	arb_both_late both_late;               /* time.both_late */
	arb_qpf_rule qpf;                      /* time.qpf */
	int qpf_announced;                     /* time.qpf_announced */
	int qpf_on_move;                       /* time.qpf_on_move: claimant must have the move */
	int qpf_limit_ms;                      /* time.qpf_limit_ms: claimant at most */
	int qpf_reject_s;                      /* time.qpf_reject_s: to the opponent */
	int qpf_reject_claimant_s;             /* time.qpf_reject_claimant_s: taken */
	char tc[ARB_RULES_TEXT];               /* time.tc: control when the game has none */
	char categories[ARB_RULES_CATEGORIES]; /* time.categories: "" = none */
	arb_category_count category_count;     /* time.category_count */
	int category_moves;                    /* time.category_moves */
	arb_category_odds category_odds;       /* time.category_odds */
	char category_untimed[ARB_RULES_TEXT]; /* time.category_untimed: of "-" */

	arb_draw_scoring draw_scoring;                      /* score.draw */
	int draw_odds_on_time_draw;                         /* score.draw_odds_on_time_draw */
	char points_win[8], points_draw[8], points_loss[8]; /* score.win/draw/loss */

	char article[ARB_ART_COUNT][ARB_RULES_ARTICLE]; /* articles.KEY */

	arb_rules_hook on_move, on_end; /* optional (Lua profile hooks) */
	void *hook_data;
} arb_rules;

/* Neutral defaults: every draw by claim, +2 min for a wrong claim or an
 * illegal move, loss on the second, FIDE "cannot mate" tests, no article
 * numbers, edition "rules". A profile starts from these. Misuse (rules
 * NULL): nothing. */
ARB_API void arb_rules_init(arb_rules *rules);

/* The field table: name, type, the enum words (NULL-terminated, enums
 * only), the article key it models (ARB_ART_COUNT for none), a one-line
 * documentation string and, for integers, the smallest and largest value
 * (-1 to INT_MAX for most; counts of moves and occurrences from 1 or 2).
 * `i` counts from 0; returns 0 past the end. */
typedef struct arb_rules_field {
	const char *name;
	arb_rules_type type;
	const char *const *words;
	arb_article article;
	const char *doc;
	int min, max; /* integers: the values arb_rules_set accepts */
} arb_rules_field;
ARB_API int arb_rules_field_at(int i, arb_rules_field *out);
/* The key word of an article ("threefold"; "" for ARB_ART_COUNT, the
 * field table's "none", and any other value out of range) and back (-1 if
 * unknown, and for misuse: key NULL). */
ARB_API const char *arb_article_key(arb_article a);
ARB_API int arb_article_from_key(const char *key);

/*
 * Sets field `name` (a name from the table, or "articles.KEY") from its
 * text form: an enum word, a decimal integer, "true"/"false", or any text
 * for strings (too long is an error, never cut). ARB_OK, or ARB_E_PROFILE
 * with err naming the field and what was expected; ARB_E_ARGUMENT for
 * misuse (rules, name or value NULL).
 */
ARB_API arb_status arb_rules_set(arb_rules *rules, const char *name, const char *value,
				 arb_error *err);
/*
 * Checks what one field alone cannot: every integer within its range (for
 * rules written directly into the struct), and the counts of a pair of
 * rules in their order when both are in force: draw.fivefold_count not
 * below draw.threefold_count, draw.seventyfive_moves not below
 * draw.fifty_moves; and a time.categories list (with its
 * time.category_untimed) that arb_rules_tc_category can read. ARB_OK, or
 * ARB_E_PROFILE with err naming the field; ARB_E_ARGUMENT for misuse (rules
 * NULL). The profile loader calls it on every table it checks; a game expects
 * rules that pass it.
 */
ARB_API arb_status arb_rules_check(const arb_rules *rules, arb_error *err);
/* The value of field `name` as text into buf[0..n). Returns the length,
 * or -1 for an unknown name or n == 0, and for misuse (rules, name or buf
 * NULL). */
ARB_API int arb_rules_get(const arb_rules *rules, const char *name, char *buf, size_t n);
/* "FIDE 2014 9.6b" for a key (the edition alone when the profile gives no
 * number; an article key out of range, ARB_ART_COUNT included, gives the
 * edition alone too). Returns the length written (cut to n - 1); 0 for
 * n == 0 and for misuse (rules or buf NULL). */
ARB_API size_t arb_rules_cite(const arb_rules *rules, arb_article a, char *buf, size_t n);

/*
 * The category of a control under the rules' own bounds, the fields
 * time.categories and time.category_* (profiles/README.md): the first
 * category whose bound the control's time meets, the last one below them
 * all, "unknown" for "?" and time.category_untimed for "-". The name goes
 * to buf (size n, NUL-terminated, cut if short; buf may be NULL when n is
 * 0); returns its length, or -1 when the rules name no categories or tc is
 * not a valid control, and for misuse (rules or tc NULL, buf NULL with
 * n > 0). The shipped profiles carry the bounds arb_tc_category
 * gives their editions, so that a profile copied and changed classifies by
 * its own.
 */
ARB_API int arb_rules_tc_category(const arb_rules *rules, const arb_time_control *tc, char *buf,
				  size_t n);

/* ------------------------------------------------------------------------
 * Games: an event log adjudicated under a profile (engine/rules/game.c)
 *
 * A game is a start position, a time control (optional), the rules, and the
 * events fed to it one by one: moves, claims, offers, flags, illegal moves,
 * rulings... After each event the game is either in play or ended; every
 * decision taken (an ending, a rejected claim, a penalty, a lapsed offer, a
 * note such as "threefold available, not claimed") is kept in order with
 * its reason code (docs/rules.md#reason-codes), the article that decided it, and its
 * effects on the clocks ("+120s:black").
 * ---------------------------------------------------------------------- */

typedef enum arb_event_kind {
	ARB_EV_MOVE = 0, /* a legal move, completed (clock pressed) */
	ARB_EV_CLAIM,    /* claim (kind in .claim) by .color, optional .move */
	ARB_EV_RULING,   /* the arbiter's ruling (.ruling) on the open claim */
	ARB_EV_OFFER,
	ARB_EV_ACCEPT,
	ARB_EV_DECLINE,
	ARB_EV_RESIGN,
	ARB_EV_FLAG,      /* .color's flag fell and is established */
	ARB_EV_FLAG_BOTH, /* both flags found down, order unknown */
	ARB_EV_FLAGDOWN,  /* .color's flag fell, not yet established */
	ARB_EV_ILLEGAL,   /* .color completed the illegal .move (board untouched) */
	ARB_EV_RETRACTED, /* .color made .move and took it back before pressing */
	ARB_EV_NOPROMO,   /* pawn to the last rank, clock pressed, no piece */
	ARB_EV_PRESS_NO_MOVE,
	ARB_EV_CLOCK,  /* remaining times: .ms[0] White, .ms[1] Black */
	ARB_EV_LATE,   /* .color arrives .ms[0] after the start */
	ARB_EV_FORFEIT /* .color loses by a decision off the board (.forfeit says
			       which): what a PGN Termination tag reports */
} arb_event_kind;

typedef enum arb_claim_kind {
	ARB_CLAIM_THREEFOLD = 0,
	ARB_CLAIM_FIFTY,
	ARB_CLAIM_QPF,
	ARB_CLAIM_INCREMENT,
	ARB_CLAIM_TIME
} arb_claim_kind;

typedef enum arb_ruling_kind {
	ARB_RULING_DRAW = 0,
	ARB_RULING_REJECT,
	ARB_RULING_POSTPONE,
	ARB_RULING_ACCEPT
} arb_ruling_kind;

/* Why a game was lost off the board ("forfeit:COLOR:WHY" tokens). */
typedef enum arb_forfeit_kind {
	ARB_FORFEIT_ABANDONED = 0, /* left the game or never moved (lichess "Abandoned",
				      a runner's "abandoned": the engine disconnected) */
	ARB_FORFEIT_STALLED,       /* a runner's "stalled connection": stopped answering */
	ARB_FORFEIT_INFRACTION,    /* "Rules infraction": the arbiter's (server's) penalty */
	ARB_FORFEIT_ILLEGAL,       /* an illegal move the record cannot place */
	ARB_FORFEIT_ADJUDICATION   /* "adjudication": the arbiter (runner) decided the result */
} arb_forfeit_kind;

#define ARB_EVENT_TEXT 64

typedef struct arb_event {
	arb_event_kind kind;
	arb_color color;
	arb_claim_kind claim;
	arb_ruling_kind ruling;
	char move[8];             /* UCI text ("" = none): the move, the intended move,
			      the illegal move; illegal moves need not be moves */
	long ms[2];               /* clock: remaining times; late: ms[0]; move: the
			      mover's clock after it ([%clk]), -1 unknown */
	arb_forfeit_kind forfeit; /* ARB_EV_FORFEIT: why */
} arb_event;

/*
 * Parses one token of the scenario grammar (docs/rules.md#event-tokens): a UCI move, or
 * "claim:threefold:white@f6g8", "offer:black", "flag:both", "illegal:white:e2e5",
 * "illegal:white" (a move not recorded), "clock:600:90", "late:black:900",
 * "forfeit:black:abandoned|stalled|infraction|illegal|adjudication"... ARB_OK, or ARB_E_EVENT with err giving
 * the column and what was expected. Squares and colours are checked here;
 * whether a move is legal is the game's business. ARB_E_ARGUMENT for misuse
 * (token or ev NULL).
 */
ARB_API arb_status arb_event_parse(const char *token, size_t len, arb_event *ev, arb_error *err);
/* The token form of an event into buf[0..n) (the inverse of
 * arb_event_parse). Returns the length; 0 when n is 0 (buf may then be
 * NULL) and for misuse (ev NULL, buf NULL with n > 0). */
ARB_API size_t arb_event_format(const arb_event *ev, char *buf, size_t n);

/*
 * Why a decision was taken: one code per reason (engine/rules/reasons.c
 * keeps, for each, its name, PGN Termination, TRF codes, note level and
 * the article key it cites). The names are the reason strings of
 * arb_decision and arb_game_result ("checkmate", "threefold-claim-rejected").
 * A hook's own reason is ARB_REASON_CUSTOM with its text in .reason; a hook
 * that names a reason of this list gets its code.
 */
typedef enum arb_reason {
	ARB_REASON_NONE = 0, /* "": no decision yet */
	ARB_REASON_CUSTOM,   /* a hook's own reason (the text says which) */
	ARB_REASON_HOOK,     /* "hook": a hook decided, naming no reason */
	/* the board: endings, and what could have been claimed */
	ARB_REASON_CHECKMATE,
	ARB_REASON_STALEMATE,
	ARB_REASON_DEAD_POSITION,
	ARB_REASON_INSUFFICIENT_MATERIAL,
	ARB_REASON_INSUFFICIENT_MATERIAL_AUTO,
	ARB_REASON_NOT_DETECTED,
	ARB_REASON_FIVEFOLD_AUTO,
	ARB_REASON_FIVEFOLD_NOT_CONSECUTIVE,
	ARB_REASON_SEVENTYFIVE_AUTO,
	ARB_REASON_NO_AUTOMATIC_75_MOVE_DRAW,
	ARB_REASON_FIFTY_AUTO,
	ARB_REASON_THREEFOLD_AUTOCLAIM,
	ARB_REASON_NO_CLAIM,
	ARB_REASON_TD_MAY_DECLARE_DRAW,
	ARB_REASON_CASTLING_960,
	/* claims and rulings */
	ARB_REASON_THREEFOLD_CLAIM,
	ARB_REASON_THREEFOLD_CLAIM_REJECTED,
	ARB_REASON_FIFTY_CLAIM,
	ARB_REASON_FIFTY_CLAIM_REJECTED,
	ARB_REASON_CLAIM_UNAVAILABLE,
	ARB_REASON_QPF_UNAVAILABLE,
	ARB_REASON_QPF_INVALID,
	ARB_REASON_QPF_CLAIMED,
	ARB_REASON_INCREMENT_REQUESTED,
	ARB_REASON_INCREMENT_ADDED,
	ARB_REASON_QPF_DRAW,
	ARB_REASON_QPF_REJECTED,
	ARB_REASON_QPF_POSTPONED,
	ARB_REASON_RULING_IGNORED,
	ARB_REASON_TD_DRAW,
	/* offers, agreements, resignations */
	ARB_REASON_OFFER,
	ARB_REASON_OFFER_LAPSED,
	ARB_REASON_OFFER_NOT_ALLOWED,
	ARB_REASON_OFFER_EXPIRED,
	ARB_REASON_NO_OFFER,
	ARB_REASON_OFFER_DECLINED,
	ARB_REASON_AGREEMENT,
	ARB_REASON_AGREEMENT_INVALID,
	ARB_REASON_RESIGNATION,
	ARB_REASON_RESIGN_DEAD_DRAW,
	/* illegal moves */
	ARB_REASON_ILLEGAL_MOVE_REINSTATED,
	ARB_REASON_ILLEGAL_MOVE_PENALTY,
	ARB_REASON_ILLEGAL_MOVE_LOSS,
	ARB_REASON_ILLEGAL_MOVE_DRAW,
	ARB_REASON_ILLEGAL_INPUT_REJECTED,
	ARB_REASON_CLOCK_MISUSE,
	ARB_REASON_IMPROPER_CLOCK_PRESS,
	ARB_REASON_NOT_COMPLETED,
	/* flags, clocks, lateness */
	ARB_REASON_TIME_FORFEIT,
	ARB_REASON_TIME_DRAW,
	ARB_REASON_TIME_CLAIM_REJECTED,
	ARB_REASON_FLAG_DOWN,
	ARB_REASON_BOTH_FLAGS_DRAW,
	ARB_REASON_BOTH_FLAGS_CONTINUE,
	ARB_REASON_BOTH_FLAGS_ARBITER,
	ARB_REASON_CLOCK,
	ARB_REASON_LATE_TIME_LOST,
	ARB_REASON_BOTH_LATE,
	ARB_REASON_DEFAULT_LOSS,
	/* losses decided off the board (forfeit: events) */
	ARB_REASON_ABANDONED_LOSS,
	ARB_REASON_STALLED_LOSS,
	ARB_REASON_INFRACTION_LOSS,
	ARB_REASON_ILLEGAL_MOVE_FORFEIT,
	ARB_REASON_ADJUDICATION_LOSS,
	/* scoring by the event's regulations (Armageddon) */
	ARB_REASON_ARMAGEDDON_TIME_LOSS,
	ARB_REASON_ARMAGEDDON_DRAW_ODDS,
	/* the log */
	ARB_REASON_IGNORED,
	ARB_REASON_RESULT_NOT_ADJUDICATED,
	ARB_REASON_COUNT
} arb_reason;

/* The name of a reason ("time-forfeit"); "custom" for ARB_REASON_CUSTOM,
 * "" for ARB_REASON_NONE and anything out of range. Static text. */
ARB_API const char *arb_reason_name(arb_reason reason);

#define ARB_DECISION_EFFECTS 6

/* One decision (or note) of the game. */
typedef struct arb_decision {
	int event;        /* index of the event that caused it (0-based) */
	int ply;          /* plies played when it was taken */
	int ends;         /* it ended the game */
	int note;         /* 0 a decision; 1 information that is the game's
			       reason only when no decision exists (a Chess960
			       castling); 2 a log entry, never the reason (an
			       offer made, a clock reading, an ignored event) */
	char result[8];   /* scored result after it ("*" while in play) */
	char board[8];    /* the result on the board */
	int code;         /* the reason: an arb_reason */
	char reason[32];  /* its name (arb_reason_name; docs/rules.md#reason-codes), or
			       a hook's own text */
	char detail[96];  /* "(e.p. differs)", free text, may be empty */
	char article[64]; /* "FIDE 2014 9.6b" */
	int neffects;
	char effects[ARB_DECISION_EFFECTS][24]; /* "+120s:black", "queen-on:e8" */
} arb_decision;

typedef struct arb_game arb_game;

/*
 * A new game under `rules` (copied) from `start` (copied; NULL = the
 * standard start) with time control `tc` (copied; NULL = the rules' time.tc
 * if any, else unknown). NULL if out of memory. The game keeps no pointer to
 * its arguments except rules->hook_data, which must outlive it. `rules`
 * (NULL: arb_rules_init's) must pass arb_rules_check: rules that do not
 * are misuse, NULL in release builds. Free with arb_game_free (NULL is a
 * no-op).
 */
ARB_API arb_game *arb_game_new(const arb_rules *rules, const arb_position *start,
			       const arb_time_control *tc);
ARB_API void arb_game_free(arb_game *g);

/*
 * Feeds one event. ARB_OK when it was taken (a rejected claim or an ignored
 * event after the end is still ARB_OK: see the decisions). ARB_E_EVENT when
 * it cannot happen here (a move that is not legal, an "illegal" move that is
 * legal, a claim by nobody...), with err saying why; the game is unchanged.
 * ARB_E_PROFILE when a hook failed (err has its message; the event was
 * taken, and when an ending hook failed the rules' own ending stands).
 * ARB_E_NOMEM when memory ran out on the way: the event is undone, the game
 * is as it was before it (a hook that was called may have seen it), and
 * the event may be fed again. ARB_E_ARGUMENT for misuse (g or ev NULL).
 */
ARB_API arb_status arb_game_event(arb_game *g, const arb_event *ev, arb_error *err);
/* Parses and feeds a whole token line (blank-separated). On error err->column
 * points into `tokens` and the events before it stay fed. ARB_E_ARGUMENT
 * for misuse (g or tokens NULL). */
ARB_API arb_status arb_game_tokens(arb_game *g, const char *tokens, arb_error *err);

/* A NULL game is misuse for every function below: the queries then give
 * NULL, 0, ARB_MOVE_NONE or -1 (arb_game_time), as for an index out of
 * range; a side that is neither colour is misuse too. */

/* 1 once the game has ended. */
ARB_API int arb_game_over(const arb_game *g);
/* The start position (valid while the game lives). */
ARB_API const arb_position *arb_game_start(const arb_game *g);
/* The position before the last move (the start before the first move),
 * for writing that move in SAN or UCI. Valid until the next event. */
ARB_API const arb_position *arb_game_previous_position(const arb_game *g);
ARB_API const arb_position *arb_game_position(const arb_game *g);
ARB_API const arb_rules *arb_game_rules(const arb_game *g);
/* Plies and events so far; the i-th event. */
ARB_API int arb_game_ply_count(const arb_game *g);
ARB_API arb_move arb_game_move(const arb_game *g, int ply);
ARB_API int arb_game_event_count(const arb_game *g);
ARB_API const arb_event *arb_game_event_at(const arb_game *g, int i);
/* Decisions so far, in order. */
ARB_API int arb_game_decision_count(const arb_game *g);
ARB_API const arb_decision *arb_game_decision(const arb_game *g, int i);
/* Completed illegal moves (strikes) of `side`. */
ARB_API int arb_game_strikes(const arb_game *g, arb_color side);
/* Remaining time of `side` in ms as last known (-1 unknown). */
ARB_API long arb_game_time(const arb_game *g, arb_color side);
/* How many times the current position has occurred in the game, this time
 * included (FIDE 9.2 "the same position"; arb_history_occurrences). */
ARB_API int arb_game_occurrences(const arb_game *g);
/* What a claim with the legal intended move `move` counts (as
 * arb_history_occurrences_after and arb_history_halfmove_clock_after on the
 * game's history): the occurrences of the position after it, and the
 * half-move clock it leaves. 0 and -1 for misuse (g NULL). */
ARB_API int arb_game_occurrences_after(const arb_game *g, arb_move move);
ARB_API int arb_game_halfmove_clock_after(const arb_game *g, arb_move move);

/* The game's standing: when ended, the ending's fields; in play, result
 * "*", the reason of the latest decision (note 0; else the latest note 1;
 * empty when none) and the effects of every decision so far. Misuse: out
 * NULL does nothing; g NULL leaves *out the standing of a game in play. */
typedef struct arb_game_result {
	char result[8]; /* scored */
	char board[8];
	char termination[24]; /* PGN Termination: "normal", "time forfeit",
				    "rules infraction", "abandoned",
				    "adjudication", "unterminated" */
	int code;             /* the reason: an arb_reason (ARB_REASON_NONE: none) */
	char reason[32];
	char detail[96];
	char article[64];
	int neffects;
	char effects[16][24];
	char trf[2][2];    /* FIDE TRF result codes for White and Black:
				    "1" "=" "0" "+" "-", "" in play */
	char points[2][8]; /* by score.win/draw/loss or a hook */
} arb_game_result;
ARB_API void arb_game_result_get(const arb_game *g, arb_game_result *out);

/*
 * The events of a PGN game: the main line's moves (with [%clk] readings)
 * and the comment commands before and after them ([%claim threefold white
 * f6g8], [%ruling reject], [%offer white], [%flag both], [%illegal white
 * e2e5] ...: the token grammar with blanks for colons). Feeds them to a new
 * game built on the record's start position and TimeControl tag (or the
 * rules' time.tc). When the events do not end the game but the record has
 * a result, the event its Termination tag implies is fed last, marked
 * "inferred", and decided under the rules like any other (Termination read
 * without case; none counts as "normal"):
 *   normal             1-0/0-1: the loser resigns; 1/2-1/2: a valid claim
 *                      if there is one, else an agreement
 *   time forfeit       a flag: the loser's; in a draw the side whose last
 *                      [%clk] reads zero, else the side to move
 *   abandoned, stalled connection, rules infraction, adjudication
 *                      1-0/0-1: "forfeit:LOSER:WHY"; 1/2-1/2: ruling:draw
 *   illegal move       "illegal:COLOR" (the move not recorded) by the loser,
 *                      or in a draw the side to move; a loser not on move:
 *                      "forfeit:LOSER:illegal"
 *   unterminated, anything else: no event (a note, reason
 *                      "result-not-adjudicated"; the game stays as it is)
 * A command may end with the word "inferred" ([%flag white inferred]): the
 * event is then marked inferred too. Returns the game, or NULL with err
 * (ARB_E_EVENT, ARB_E_PROFILE, ARB_E_NOMEM) saying which move or command
 * failed; NULL for misuse (rec NULL, rules that fail arb_rules_check), err
 * then untouched.
 */
ARB_API arb_game *arb_game_from_record(const arb_record *rec, const arb_rules *rules,
				       arb_error *err);
/*
 * Writes the game's events back into `rec`: normally the record it was read
 * from, which holds the game's moves (and may go on after the game ended
 * under this profile: those moves stay, without commands); a record with
 * no moves gets the game's start and moves. Each non-move event becomes a
 * comment command after the move it followed (other comment text and
 * [%clk] stay). Events inferred from the tags are not written while the
 * record's Result and Termination still say what the rules decided (the
 * same result, a Termination of the same PGN class): the tags are kept as
 * written. Otherwise the inferred events are written marked "inferred",
 * Result and Termination are set to the decision, and the record's own
 * values are kept in OriginalResult and OriginalTermination (unless those
 * tags exist already). ARB_OK, ARB_E_ARGUMENT (a record with other moves;
 * misuse: g or rec NULL), ARB_E_NOMEM.
 */
ARB_API arb_status arb_game_to_record(const arb_game *g, arb_record *rec);

/* ------------------------------------------------------------------------
 * Tournaments (FIDE Tournament Report File: TRF-2026 and TRF-16)
 * ---------------------------------------------------------------------- */

/*
 * A tournament as a TRF file says it: the event's data, the players (record
 * 001) with one cell per round, and every record the model does not
 * understand, kept as text in file order. Pairing numbers (ids) are 1..9999;
 * player indexes are 0..count-1 in id order; rounds are 1-based. Points are
 * in tenths of a point (a draw is 5), as TRF writes them, so sums are exact.
 *
 * Rounds: arb_tournament_rounds_played() rounds have been paired (a cell of
 * a player in one of them is a game, a bye or an absence); a cell of a later
 * round can hold a bye known in advance (TRF-2026 record 240, or a TRF-16
 * file's pre-filled cell "0000 - H" of the round to be paired), else it is
 * empty (result ' ').
 *
 * Lossless: a file read and written back unchanged, in its own dialect and
 * with ARB_TRF_EOL_AS_READ, is the same bytes, whoever wrote it; without the
 * flag the line ends become CR (what the format prescribes), so a file
 * arbiter wrote is read and written back byte-identical. A record the model
 * changed is rewritten field by field: the columns of fields that did not
 * change keep their original text (one-letter titles, dotted dates, blank
 * cells).
 *
 * Misuse (arbiter.h "Misuse"): a NULL tournament, pairing or standings, a
 * player index outside 0..count-1, a round outside 1..ARB_TRF_ROUNDS_MAX
 * (0..ARB_TRF_ROUNDS_MAX where 0 means the next round), and the index of a
 * problem, board, bye, standings row or tie-break out of range. Unlike a record's
 * node indexes, these are never handed back by the library as "none": the
 * collections are walked by their counts, and an id read from input is
 * looked up with arb_tournament_player_index (-1 for none). Input is not
 * misuse: ids, result and bye codes, a round after the next one, a TRF's
 * text, a tie-break list or a regulation's value; each keeps its
 * documented answer in every build.
 */
typedef struct arb_tournament arb_tournament;

/* Dialects (arb_tournament_info.dialect, and the write flags). */
#define ARB_TRF_2026 0 /* TRF-2026: 142 152 162 192 240 ... */
#define ARB_TRF_16 1   /* TRF-16 with JaVaFo's XXR XXC XXS (and bbpPairings' BB?) */

/* Read flags. */
#define ARB_TRF_F_AS_PAB \
	1u /* a round without a U cell whose one F cell (no opponent) is the \
			       pairing-allocated bye: read it as U (else only a warning) */
/* Write flags. */
#define ARB_TRF_WRITE_16 2u    /* write TRF-16 (XXR, XXC, XXS, byes pre-filled) */
#define ARB_TRF_WRITE_2026 4u  /* write TRF-2026 (142, 152, 162, 240); neither: the dialect read */
#define ARB_TRF_EOL_AS_READ 8u /* each record's line end as read (new ones: the file's first) */

/* The point system (TRF-2026 record 162; TRF-16: XXS, bbpPairings' BBW..BBU),
 * in tenths. Defaults 10 5 0 / 10 0 / 10 / 10 5 0 / 5. */
typedef struct arb_tournament_points {
	int win, draw, loss;              /* 1 = 0, and W D L (games shorter than one move) */
	int forfeit_win, forfeit_loss;    /* + - */
	int pab;                          /* U: the pairing-allocated bye (162 P) */
	int full_bye, half_bye, zero_bye; /* F H Z */
	int unknown;                      /* 162 X: a result not known yet (adjourned) */
} arb_tournament_points;

/* The event. Text fields are as written, trimmed of trailing spaces, "" when
 * absent; the dates are also read as numbers. */
typedef struct arb_tournament_info {
	char name[128];               /* 012 */
	char city[64];                /* 022 */
	char federation[4];           /* 032 */
	char start[16], end[16];      /* 042 052, as written */
	int start_date;               /* 042 as YYYYMMDD (from 2024/12/01, 2024-12-01, 28. 07. 2005,
				    1969.12.06, May 29, 2020); 0 unknown */
	int end_date;                 /* 052, the same */
	char type[128];               /* 092, free text ("Individual: Swiss-System") */
	char chief_arbiter[128];      /* 102 */
	char time_control[128];       /* 122, free text */
	char system[48];              /* 192 coded type (FIDE_DUTCH_2026, FIDE_ROUNDROBIN, ...);
				    for a file without 192 derived from 092's text when it says
				    round robin ("FIDE_ROUNDROBIN", double: "FIDE_DOUBLEROUNDROBIN")
				    or Swiss Dutch ("FIDE_DUTCH"), else "" */
	char tiebreaks[256];          /* 202, as written */
	char tc_code[64];             /* 222 (40/6000+30:1500+30, W300-B240) */
	int rounds;                   /* 142 / XXR: scheduled rounds; 0 unknown */
	char first_color;             /* 152 / XXC: 'w', 'b', or ' ' unknown */
	arb_tournament_points points; /* 162 / XXS / BB? */
	int dialect;                  /* ARB_TRF_2026 or ARB_TRF_16: the file read */
	int team;                     /* 1: the file has team records (013, 310) */
} arb_tournament_info;

/* A player: record 001 (TRF-16 columns). Text fields as written, trimmed;
 * the title normalised ("GM", "WIM"; old one-letter titles g m f wg wm wf c
 * wc read as GM IM FM WGM WIM WFM CM WCM). */
typedef struct arb_tournament_player {
	int id;             /* pairing number, 1..9999 (columns 5-8) */
	char sex;           /* 'm', 'w' or ' ' (10) */
	char title[4];      /* (11-13) */
	char name[34];      /* (15-47) */
	int rating;         /* 0 unrated (49-52) */
	char federation[4]; /* (54-56) */
	char fide_id[12];   /* digits or "" (58-68) */
	char birth[11];     /* as written (70-79) */
	int points;         /* tenths after the rounds played (81-84; a TRF-16 file's
			       pre-filled byes of the next round are not counted) */
	int rank;           /* as written (86-89); 0 none */
} arb_tournament_player;

/* A player's round: a TRF cell "oooo c r". */
typedef struct arb_tournament_cell {
	int opponent; /* id; 0 for none (a bye, an absence) */
	char color;   /* 'w', 'b' or '-' */
	char result;  /* + - W D L 1 = 0 H F U Z, or ' ': not played yet / nothing */
} arb_tournament_cell;

/* A new empty tournament (TRF-2026, default points, no rounds); NULL when out
 * of memory. Free it with arb_tournament_free. */
ARB_API arb_tournament *arb_tournament_new(void);

/* Frees t; NULL is a no-op. */
ARB_API void arb_tournament_free(arb_tournament *t);

/*
 * Reads the TRF `text` (len bytes; NUL bytes are an error of their line) into
 * a new tournament *out. TRF-2026 and TRF-16 (XXR, XXC, XXS, BB? lines; the
 * dialect is TRF-16 when the file has XX? or BB? lines and no 142 152 162;
 * 192 202 222 240 250 260 may be there, as TRF-16 writers keep them), lines ended by CR, LF or CRLF (mixed too). `name` (NULL:
 * "(trf)") prefixes messages, "NAME:LINE:COLUMN: why". flags: ARB_TRF_F_AS_PAB.
 * Every line is kept; a line with an error (a player line with a bad field,
 * a duplicate pairing number, a 240 or 260 with a bad id, ...) is kept as text and
 * its content left out of the model, and reading goes on. Warnings (a cell
 * whose opponent does not point back, two U cells in a round, a pairing
 * number missing, an F that looks like the pairing-allocated bye) do not stop
 * anything. Every problem is listed by arb_tournament_problem.
 * Returns ARB_OK (no error; warnings possible); ARB_E_TRF when a line had an
 * error (*out is still the tournament read, err the first error); ARB_E_NOMEM
 * (*out NULL); ARB_E_ARGUMENT for misuse (a NULL text with len > 0, or out
 * NULL; *out then NULL when out is not).
 */
ARB_API arb_status arb_trf_read(const char *text, size_t len, const char *name, unsigned flags,
				arb_tournament **out, arb_error *err);

/* The number of problems the read found, errors and warnings, in line order;
 * 0 for misuse (t NULL). */
ARB_API int arb_tournament_problems(const arb_tournament *t);

/*
 * Problem i (0-based) into *out (when not NULL): code ARB_E_TRF for an error,
 * ARB_OK for a warning; line and column (1-based; column 0: the whole line;
 * line 0: the whole file); message "NAME:LINE:COLUMN: why" (warnings:
 * "NAME:LINE:COLUMN: warning: why"; of the whole file "NAME: warning: why").
 * Returns the problem's code, or ARB_E_ARGUMENT for misuse (t NULL, i out
 * of range: out then untouched). At most ARB_TRF_PROBLEMS_KEPT are kept; a last
 * one says how many more there were.
 */
#define ARB_TRF_PROBLEMS_KEPT 1000
ARB_API arb_status arb_tournament_problem(const arb_tournament *t, int i, arb_error *out);

/*
 * Writes t as TRF through fn: the dialect read (a new tournament: TRF-2026),
 * or the one flags ask (ARB_TRF_WRITE_16, ARB_TRF_WRITE_2026; both:
 * ARB_E_ARGUMENT), every line ended by CR unless ARB_TRF_EOL_AS_READ.
 * Converting: 142 <-> XXR, 152 <-> XXC white1/black1, 162 <-> XXS; the byes
 * known for the next round are 240 records in TRF-2026 and pre-filled cells
 * in TRF-16 (whose points column then counts them); byes of later rounds stay
 * 240 records in both. Records neither dialect's model reads (comments, blank
 * lines, 112 132 172 250 260 299, team and national-rating records, XXP XXZ
 * XXA, BB?) are written as read, in order (260 is read, see
 * arb_tournament_prohibited_count, and never rewritten). Returns ARB_OK, ARB_E_IO when fn
 * fails, ARB_E_NOMEM, ARB_E_ARGUMENT for both write flags and for misuse (t
 * or fn NULL).
 */
ARB_API arb_status arb_trf_write(const arb_tournament *t, unsigned flags, arb_write_fn fn,
				 void *ctx);

/* The event into *out. ARB_OK, or ARB_E_ARGUMENT for misuse (t or out NULL). */
ARB_API arb_status arb_tournament_get_info(const arb_tournament *t, arb_tournament_info *out);

/*
 * Sets the event from *info (typically arb_tournament_get_info's, changed):
 * the records of the fields that differ are rewritten, missing ones added
 * before the players (dialect and team are read-only). Text is cut at its
 * field's size; a text with a control character, rounds outside 0..999, a
 * first_color other than 'w' 'b' ' ', or a point value outside -999..9999
 * tenths is ARB_E_ARGUMENT and nothing changes; misuse (t or info NULL) too.
 */
ARB_API arb_status arb_tournament_set_info(arb_tournament *t, const arb_tournament_info *info);

/* The number of players; 0 for misuse (t NULL). */
ARB_API int arb_tournament_player_count(const arb_tournament *t);

/* Player i (0-based, id order) into *out. ARB_OK, or ARB_E_ARGUMENT for
 * misuse (t or out NULL, i out of range). */
ARB_API arb_status arb_tournament_get_player(const arb_tournament *t, int i,
					     arb_tournament_player *out);

/* The index of the player with pairing number id (any int: an id is input);
 * -1 for none, and for misuse (t NULL). */
ARB_API int arb_tournament_player_index(const arb_tournament *t, int id);

/*
 * The points (tenths) added to player id's score for pairing round `round`
 * (1-based) by an accelerated system (C.04.5): TRF-2026 record 250 ("250
 * MMMM GGGG RRR RRR PPPP PPPP": game points GGGG for rounds RRR-RRR and
 * pairing numbers PPPP-PPPP) or a TRF-16 file's XXA line (one value per
 * round); when several cover the player and round, the last in the file.
 * 0 when none; -1 for misuse (t NULL, round out of 1..ARB_TRF_ROUNDS_MAX).
 * Broken records (reported when the file was read) are not counted.
 */
ARB_API int arb_tournament_acceleration(const arb_tournament *t, int id, int round);

/* The points (tenths) a result code is worth under point system p: 1 W =
 * win, = D draw, 0 L loss, + - forfeits, U the pairing-allocated bye, F H Z
 * the other byes; 0 for ' ' and any other byte, and for misuse (p NULL). */
ARB_API int arb_tournament_result_points(const arb_tournament_points *p, char result);

/*
 * Adds a player from *p with p->id as its pairing number, or the next free
 * one (the largest + 1) when p->id is 0; *id_out (when not NULL) gets it.
 * Its cells are empty; its rounds already played are absences (Z) when
 * written. ARB_OK; ARB_E_ARGUMENT for an id in use or outside 1..9999, a
 * text with a control character or a rating outside 0..9999, and for
 * misuse (t or p NULL); ARB_E_NOMEM.
 */
ARB_API arb_status arb_tournament_add_player(arb_tournament *t, const arb_tournament_player *p,
					     int *id_out);

/* Sets player i's data from *p (its id and points stay: p->id and p->points
 * are ignored). Errors as for arb_tournament_add_player; i out of range is
 * misuse (ARB_E_ARGUMENT). */
ARB_API arb_status arb_tournament_set_player(arb_tournament *t, int i,
					     const arb_tournament_player *p);

/* The rounds paired so far (see above); 0 for misuse (t NULL). */
ARB_API int arb_tournament_rounds_played(const arb_tournament *t);

/*
 * Player i's cell of round r (1-based) into *out: for a round not paired yet
 * the bye known in advance, or opponent 0, '-', ' '. ARB_OK; ARB_E_ARGUMENT
 * for misuse (t or out NULL, i out of range, r < 1 or r > ARB_TRF_ROUNDS_MAX).
 */
#define ARB_TRF_ROUNDS_MAX 999
ARB_API arb_status arb_tournament_get_cell(const arb_tournament *t, int i, int r,
					   arb_tournament_cell *out);

/*
 * Pairs white and black (ids) in round r with the results wres and bres
 * (' ' ' ': not played yet; else a pair of 1 0, 0 1, = =, + -, - +, - -, W L,
 * L W, D D), both cells at once; a cell either had in that round is
 * replaced (its old opponent's cell, if it pointed back, is emptied). Round r
 * may be the next one (rounds_played + 1): it is then paired, and the
 * players without a cell in it are absences. The points of the players
 * whose cells changed are recounted by the point system. ARB_OK;
 * ARB_E_ARGUMENT for an unknown id, white == black, r > rounds_played + 1,
 * or another pair of results, and for misuse (t NULL, r < 1 or r >
 * ARB_TRF_ROUNDS_MAX).
 */
ARB_API arb_status arb_tournament_set_game(arb_tournament *t, int r, int white, int black,
					   char wres, char bres);

/*
 * Gives player id in round r a bye: code 'U' (pairing-allocated: only in a
 * round already paired or the next one), 'H', 'F' or 'Z' (any round up to
 * ARB_TRF_ROUNDS_MAX: a later round's is a bye known in advance), or ' ' to
 * clear a later round's bye. The opponent's cell, if it pointed back, is
 * emptied; points are recounted. ARB_OK; ARB_E_ARGUMENT for an unknown id,
 * another code, a 'U' after the next round or a ' ' in a round paired, and
 * for misuse (t NULL, r < 1 or r > ARB_TRF_ROUNDS_MAX).
 */
ARB_API arb_status arb_tournament_set_bye(arb_tournament *t, int r, int id, char code);

/*
 * Notes: what a tournament file must carry that TRF has no record for (the
 * Chess960 seed and positions of the rounds, the rule profile), kept as
 * comment records "### arbiter KEY: VALUE", which every TRF reader skips.
 * arb_tournament_note returns note KEY's value (valid until t changes), or
 * NULL for none or a bad key, and for misuse (t or key NULL).
 * arb_tournament_set_note sets it (a new note goes at the end of the file):
 * ARB_OK; ARB_E_ARGUMENT for a key not of a-z 0-9 '-' '.' (1..64 bytes), a
 * value over 200 bytes or with a control character, and for misuse (t, key
 * or value NULL); ARB_E_NOMEM.
 */
ARB_API const char *arb_tournament_note(const arb_tournament *t, const char *key);
ARB_API arb_status arb_tournament_set_note(arb_tournament *t, const char *key, const char *value);

/*
 * Chess960 events (engine/tournament/event960.c). A tournament is one when
 * it has the note chess960-seed (a decimal 0..2^64-1); the note
 * chess960-per says board or pair (none, or round: one position a round),
 * chess960-double yes (double Chess960: White's and Black's arrays drawn
 * apart). The positions are arb_chess960_event_draw's from the seed:
 *   per round: the round's position, slot 0;
 *   per board: board B of round R, slot B;
 *   per pair:  as per board, but a game whose two players met before, when
 *              that meeting was their first, third, ... one, has that game's
 *              position (the return game, colours reversed: matches of two
 *              games, a double round robin's second cycle).
 * When a round is paired (arb_tournament_apply_pairing) each position is
 * recorded as a note: "chess960-round-R: N RANK" (per round; double:
 * "W-B WRANK brank", Black's letters in lower case), or
 * "chess960-round-R-board-B: N RANK (WHITE-BLACK)" with the game's pairing
 * numbers; a recorded position wins over the draw.
 */
#define ARB_960_PER_ROUND 0
#define ARB_960_PER_BOARD 1
#define ARB_960_PER_PAIR 2
typedef struct arb_tournament_960 {
	int on;        /* a Chess960 event */
	uint64_t seed; /* the draw's seed */
	int per;       /* ARB_960_PER_ROUND, _BOARD or _PAIR */
	int dbl;       /* double Chess960 */
} arb_tournament_960;

/* t's Chess960 notes into *out (out->on 0: not a Chess960 event). ARB_OK;
 * ARB_E_TRF with the reason in err for a note that is not a seed, round,
 * board, pair, yes or no; ARB_E_ARGUMENT for misuse (t or out NULL). */
ARB_API arb_status arb_tournament_get_960(const arb_tournament *t, arb_tournament_960 *out,
					  arb_error *err);

/* Makes t a Chess960 event as *c says (c->on must be 1): the notes
 * chess960-seed, chess960-per (only when not round, or to change one) and
 * chess960-double (only when yes, or to change one). ARB_OK; ARB_E_ARGUMENT
 * for c->on 0 or c->per out of range, and for misuse (t or c NULL);
 * ARB_E_NOMEM. */
ARB_API arb_status arb_tournament_set_960(arb_tournament *t, const arb_tournament_960 *c);

/*
 * The start position of the game white-black on board `board` (from 1;
 * ignored per round) of round `round`: its recorded note, else the draw
 * (see above), White's array into *wpos and Black's into *bpos. ARB_OK;
 * ARB_E_ARGUMENT with the reason for a tournament that is not a Chess960
 * event, a round after record 142's rounds (per round) or a board out of
 * 1..5000, and for misuse (t, wpos or bpos NULL, round outside
 * 1..ARB_TRF_ROUNDS_MAX); ARB_E_TRF for a broken note; ARB_E_NOMEM.
 */
ARB_API arb_status arb_tournament_game_960(const arb_tournament *t, int round, int board, int white,
					   int black, int *wpos, int *bpos, arb_error *err);

/* Records the position arb_tournament_game_960 gives as its note (see
 * above). Its errors, and ARB_E_NOMEM; misuse as arb_tournament_game_960's. */
ARB_API arb_status arb_tournament_record_960(arb_tournament *t, int round, int board, int white,
					     int black, arb_error *err);

/* The board of the game white-black in round `round` as a Chess960 note
 * per board or pair records it; 0 when none says (any round: input), and
 * for misuse (t NULL). */
ARB_API int arb_tournament_board_of(const arb_tournament *t, int round, int white, int black);

/* The date of round `round` as record 132 gives it (YYYYMMDD), or 0 when
 * the file has none (any round: input), and for misuse (t NULL). */
ARB_API int arb_tournament_round_date(const arb_tournament *t, int round);

/*
 * Withdrawals. arb_tournament_withdraw withdraws player id from rounds
 * from..to (a temporary withdrawal), or from round `from` to the end when
 * to is 0 (a permanent one). The player is not paired in those rounds: each
 * not paired yet becomes an absence (Z; written as TRF-2026 writes byes
 * known in advance: a 240 record, or the next round's pre-filled cell in
 * TRF-16), up to the last round scheduled (record 142) for a permanent
 * withdrawal, and each later round gets its absence when the round before
 * it is paired or when the scheduled rounds grow (arb_tournament_set_info).
 * The withdrawal is kept as the note "withdrawn.ID: FROM-TO ..." ("FROM-"
 * permanent), ranges merged, so that later rounds keep the player out.
 * A round robin (arb_tournament_pair) then gives the withdrawn player's
 * games of those rounds as forfeits, as FIDE C.05 practice has it for a
 * round robin whose table is fixed in advance: the games are not played,
 * the opponent scores a forfeit win ('+'), the withdrawn player a forfeit
 * loss ('-'). Where the regulations instead cancel the results of a player
 * who withdrew before half of his games (the regulation's round-robin
 * exclusion of players with under 50 % played), that is the standings'
 * business, not the pairing's.
 * ARB_OK; ARB_E_ARGUMENT (nothing changed) for an unknown id, from outside
 * 1..ARB_TRF_ROUNDS_MAX, to < from (to not 0), a round past the scheduled
 * rounds when they are known, a round in which the player has a game (played
 * or to be played: give it a result instead), a round already paired in which
 * he has a bye (U H F), or more ranges than a note holds; ARB_E_NOMEM;
 * ARB_E_ARGUMENT for misuse (t NULL). A bye (H F) known for a later round is
 * replaced by the absence.
 */
ARB_API arb_status arb_tournament_withdraw(arb_tournament *t, int id, int from, int to);

/* Whether player id is withdrawn from round `round` (1..ARB_TRF_ROUNDS_MAX):
 * 2 by a permanent withdrawal, 1 by a temporary one, 0 not (an unknown id
 * too). Round 0: 2 when the player has a permanent withdrawal, 1 when only
 * temporary ones, 0 none. 0 for misuse (t NULL, round out of range). */
ARB_API int arb_tournament_withdrawn(const arb_tournament *t, int id, int round);

/* Player id's withdrawal k (0-based, in round order): *from and *to (0:
 * permanent), each may be NULL. 1 when there is one, 0 when not (an unknown
 * id too), and for misuse (t NULL, k < 0). */
ARB_API int arb_tournament_withdrawal(const arb_tournament *t, int id, int k, int *from, int *to);

/*
 * Prohibited pairings (TRF-2026 record 260: "260 FFF LLL  IIII IIII ...",
 * first round in columns 5-7, last round 9-11, pairing numbers from column
 * 13 every 5 columns): groups of players none of whom may meet another of
 * the group in rounds first..last (a team event's 260 names teams: kept as
 * text, not modelled). Groups read are kept in file order and written back
 * as read; a group added is appended as a new 260 record.
 * arb_tournament_prohibited_count: the groups (0 for misuse: t NULL).
 * arb_tournament_prohibited_get: group k's rounds and ids (the first cap
 * into ids; *nids its size), each pointer may be NULL; ARB_OK, or
 * ARB_E_ARGUMENT for misuse (t NULL, k out of range, cap < 0, ids NULL with
 * cap > 0). arb_tournament_prohibited: 1 when a and b are in a group that
 * covers `round` (0: any round), else 0 (misuse: 0).
 * arb_tournament_prohibited_add: a new group; ARB_OK; ARB_E_ARGUMENT (nothing
 * changed) for fewer than two ids, an unknown or repeated id, rounds outside
 * 1 <= first <= last <= ARB_TRF_ROUNDS_MAX, a team event, and for misuse (t
 * NULL, ids NULL with nids > 0); ARB_E_NOMEM.
 */
ARB_API int arb_tournament_prohibited_count(const arb_tournament *t);
ARB_API arb_status arb_tournament_prohibited_get(const arb_tournament *t, int k, int *first,
						 int *last, int *ids, int cap, int *nids);
ARB_API int arb_tournament_prohibited(const arb_tournament *t, int round, int a, int b);
ARB_API arb_status arb_tournament_prohibited_add(arb_tournament *t, int first, int last,
						 const int *ids, int nids);

/* ------------------------------------------------------------------------
 * Standings and tie-breaks (engine/tournament/tiebreak.c)
 *
 * A tournament's standings under a regulation: points, then a list of
 * tie-breaks, each a code of FIDE's C.07 list with its modifiers as
 * TRF-2026 record 202 writes them ("BH/C1", "KS/L60", "SB/C2"), or one of
 * US Chess's (rule 34E). The regulation fixes what its edition's text
 * changes: how unplayed rounds count (C.07 Art. 16; C.02 13.15; 34E),
 * how cuts treat them, and the default order when the file gives none.
 * Values are decimals; a value the regulation leaves undefined (a
 * rating-based tie-break in an event with unrated players, C.07 10) is
 * flagged, never a number.
 * ---------------------------------------------------------------------- */

typedef struct arb_tournament arb_tournament;

/* How a player's own unplayed round enters his Buchholz-type tie-breaks. */
typedef enum arb_unplayed_own {
	ARB_UNPLAYED_DUMMY = 0, /* C.07 16.4: a dummy opponent with the player's own score */
	ARB_UNPLAYED_VIRTUAL,   /* C.02 (2009) 13.15.2: a virtual opponent who starts the round
				   with the player's score and draws every later round */
	ARB_UNPLAYED_ZERO       /* US Chess 34E1: an opponent with an adjusted score of 0 */
} arb_unplayed_own;

/* How an opponent's unplayed rounds enter his score as seen by others. */
typedef enum arb_unplayed_opponent {
	ARB_OPPONENT_TRAILING_DRAW = 0, /* C.07 16.3: actual points, except the voluntarily
					   unplayed rounds after his last paired round: a draw */
	ARB_OPPONENT_ALL_DRAW           /* C.02 (2009) 13.15.1, US Chess 34E1: every unplayed
					   round counts a draw */
} arb_unplayed_opponent;

/* How a round robin treats the Buchholz-type tie-breaks (BH, FB, AOB, and
 * US Chess's MM and SOLK): in a complete round robin every player has met
 * the same field, so they only mirror the points. */
typedef enum arb_rr_buchholz {
	ARB_RR_BUCHHOLZ_ALLOW = 0, /* computed, C.07 16.1 counting the rounds */
	ARB_RR_BUCHHOLZ_DROP,      /* left out of the list, whoever gave it */
	ARB_RR_BUCHHOLZ_REFUSE     /* arb_standings_compute fails (ARB_E_ARGUMENT) */
} arb_rr_buchholz;

#define ARB_REGULATION_ORDER 128 /* the size of an order's text, NUL included */

/*
 * A regulation: what an edition of the tie-break and tournament rules
 * fixes for the standings. Filled by arb_regulation_init from a name (the
 * built-in editions), arb_regulation_defaults (neutral values, for a
 * regulation built field by field) or a regulation script (lua/regulation.h),
 * then free to change field by field with arb_regulation_set, whose table
 * (arb_regulation_field_at) names every field below. Points are in tenths
 * (a draw is 5), as TRF writes them.
 */
typedef struct arb_regulation {
	char name[48];        /* "fide2022", ..., or the script's spec */
	char description[96]; /* one line for listings */
	int edition;          /* 2009, 2022, 2024, 2026; 0 for uscf (the /V modifier's) */
	arb_unplayed_own own; /* one's own unplayed rounds */
	arb_unplayed_opponent opponent;
	int dummy_cap;        /* C.07 2026 16.4.1-16.4.2: the dummy's score is capped */
	int cut_unplayed;     /* C.07 14.1: cuts remove a voluntarily unplayed round first */
	int aro_cut_unplayed; /* C.07 2022 10.2: ARO's cuts take unplayed rounds first */
	int rated_only;       /* C.07 10: rating-based tie-breaks undefined with unrated players */
	char swiss_order[ARB_REGULATION_ORDER]; /* the default order (record 202's syntax), Swiss */
	char rr_order[ARB_REGULATION_ORDER];    /* ... and for a round robin */
	/* The point system of a tournament whose file has no record 162 (nor
	 * TRF-16's XXS or BB? lines): a file's own record always wins. */
	int points_win, points_draw, points_loss;              /* 1 = 0 (and W D L) */
	int points_forfeit_win, points_forfeit_loss;           /* + - */
	int points_pab;                                        /* U: the pairing-allocated bye */
	int points_full_bye, points_half_bye, points_zero_bye; /* F H Z */
	/* The most byes of a kind one player may have; -1 no limit
	 * (arb_regulation_check_byes). */
	int max_pab, max_half_byes, max_full_byes;
	arb_rr_buchholz rr_buchholz;
	int rr_exclude_under_half; /* a round-robin player who left having played under
				      half of his games is out of the standings, and his
				      games out of everyone's scores */
	int lots;                  /* players tied after every tie-break are ordered by
				      lot (else they share the rank) */
	int lots_seed;             /* the seed of that drawing of lots, 0..INT_MAX */
} arb_regulation;

/*
 * Fills *reg for the regulation `name`: "fide2022" (C.07 as approved in
 * 2022, applied 2023), "fide2024" (C.07 applied from April 2024, revised
 * August 2024), "fide2026" (C.07 of March 2026), "fide2009" (C.02 13.15-
 * 13.16 of 2009) or "uscf" (US Chess rule 34E). ARB_OK; ARB_E_ARGUMENT
 * for an unknown name (*reg is then unchanged) with the reason in err (may
 * be NULL), and for misuse (reg or name NULL). regulations/NAME.lua says the same field for
 * field, with the article of each.
 */
ARB_API arb_status arb_regulation_init(arb_regulation *reg, const char *name, arb_error *err);

/* Fills *reg with neutral values: name "regulation", no tie-break order,
 * 1 1/2 0 with forfeits 1 0 and byes U 1, F 1, H 1/2, Z 0, no bye limits,
 * Buchholz allowed in round robins, no exclusion, no drawing of lots, the
 * C.07 16 rules for unplayed rounds without the 2026 cap or the cut rules.
 * Misuse (reg NULL): nothing. What a regulation script's table starts from. */
ARB_API void arb_regulation_defaults(arb_regulation *reg);

/* The type of a regulation field. */
typedef enum arb_regulation_type {
	ARB_REG_ENUM = 0, /* one of `words` */
	ARB_REG_INT,      /* a whole number in min..max */
	ARB_REG_BOOL,     /* true/false (on/off) */
	ARB_REG_STRING,   /* text (an order: a tie-break list, checked) */
	ARB_REG_POINTS    /* points: "1", "0.5", "1/2", "-1"; tenths, min..max */
} arb_regulation_type;

/* A row of the regulation's field table. */
typedef struct arb_regulation_field {
	const char *name; /* dotted: "points.half_bye" */
	arb_regulation_type type;
	const char *const *words; /* ENUM: the words, NULL-terminated; else NULL */
	const char *doc;          /* one line */
	int min, max;             /* INT and POINTS (tenths): the values allowed */
} arb_regulation_field;

/* Field i (0-based) into *out (may be NULL): 1, or 0 past the last. Every
 * field of arb_regulation is one row. */
ARB_API int arb_regulation_field_at(int i, arb_regulation_field *out);

/*
 * Sets field `name` of reg from its text `value`: an enumeration's word,
 * a whole number, "true"/"false" ("on"/"off"), a string (an order must
 * parse as a tie-break list), points as a decimal with at most one decimal
 * place or a fraction n/2 ("0.5", "1/2"). ARB_OK; ARB_E_PROFILE with
 * "field 'NAME': why" in err (may be NULL; reg unchanged) for an unknown
 * field or a bad value; ARB_E_ARGUMENT for misuse (reg, name or value NULL),
 * as arb_rules_set.
 */
ARB_API arb_status arb_regulation_set(arb_regulation *reg, const char *name, const char *value,
				      arb_error *err);

/* Field `name` of reg as text into buf (size n; the form _set reads, points
 * as decimals "0.5"): snprintf's count, or -1 for an unknown name or n == 0,
 * and for misuse (reg, name or buf NULL). */
ARB_API int arb_regulation_get(const arb_regulation *reg, const char *name, char *buf, size_t n);

/* Checks what arb_regulation_set checks, on a struct a caller may have
 * written: every value in range, both orders lists of tie-breaks. ARB_OK,
 * or ARB_E_PROFILE with "field 'NAME': why"; ARB_E_ARGUMENT for misuse (reg
 * NULL), as arb_rules_check. */
ARB_API arb_status arb_regulation_check(const arb_regulation *reg, arb_error *err);

/*
 * The bye limits of reg (max_pab, max_half_byes, max_full_byes) on t's
 * rounds: returns the number of byes over a limit (0: none), err (may be
 * NULL) saying the first in round order, "player 7, round 5: a third
 * half-point bye (the regulation allows 2)"; -1 for misuse (t or reg NULL).
 */
ARB_API int arb_regulation_check_byes(const arb_tournament *t, const arb_regulation *reg,
				      arb_error *err);

/* The tie-breaks: C.07's list (and the US Chess systems after it). */
typedef enum arb_tiebreak_kind {
	ARB_TB_PTS = 0, /* points */
	ARB_TB_DE,      /* direct encounter among the players tied */
	ARB_TB_EDE,     /* extended direct encounter (individual events: as DE) */
	ARB_TB_WIN,     /* rounds won (games and unplayed wins) */
	ARB_TB_WON,     /* games won over the board */
	ARB_TB_BPG,     /* games played with black */
	ARB_TB_BWG,     /* games won with black */
	ARB_TB_REP,     /* rounds one elected to play */
	ARB_TB_VUR,     /* voluntarily unplayed rounds */
	ARB_TB_PS,      /* progressive scores (/C cuts the first rounds) */
	ARB_TB_KS,      /* Koya: points against opponents with at least 50 % (/L) */
	ARB_TB_BH,      /* Buchholz (/C cut lowest, /M median) */
	ARB_TB_FB,      /* fore Buchholz: every last-round game a draw */
	ARB_TB_SB,      /* Sonneborn-Berger */
	ARB_TB_AOB,     /* average of opponents' Buchholz */
	ARB_TB_ARO,     /* average rating of opponents */
	ARB_TB_TPR,     /* tournament performance rating */
	ARB_TB_PTP,     /* perfect tournament performance */
	ARB_TB_APRO,    /* average of opponents' TPR */
	ARB_TB_APPO,    /* average of opponents' PTP */
	ARB_TB_RTNG,    /* own rating */
	ARB_TB_STD,     /* points in the 1-1/2-0 system */
	ARB_TB_TPN,     /* pairing number (lower first) */
	ARB_TB_MM,      /* US Chess 34E1 modified median */
	ARB_TB_SOLK,    /* US Chess 34E2 Solkoff */
	ARB_TB_CUM,     /* US Chess 34E3 cumulative */
	ARB_TB_OCUM     /* US Chess 34E6 cumulative of opposition */
} arb_tiebreak_kind;

/* A tie-break with its modifiers (C.07 and TRF-2026 202 syntax). */
typedef struct arb_tiebreak {
	char code[32]; /* normalised text, e.g. "BH/C1" */
	arb_tiebreak_kind kind;
	int cut_low, cut_high; /* /Cn: n lowest; /Mn: n lowest and n highest */
	int limit;             /* KS /Ln: percent of the maximum (default 50) */
	int limit_shift;       /* KS /L+n, /L-n: tenths of a point added to the limit */
	int played;            /* /P: unplayed games count as played (round robins: always) */
	int reverse;           /* /R: the order reversed */
	int unrated;           /* /Un: the rating given to unrated players; 0 none */
	int edition;           /* /V2022 /V2024 /V2026: this edition; 0: the regulation's */
} arb_tiebreak;

/*
 * Parses one code with modifiers ("BH/C1", "KS/L60", "TPR/U1000", "SB/V2026"),
 * case-insensitively, into *tb. ARB_OK; ARB_E_ARGUMENT (an unknown code or a
 * modifier the code does not take: the column and the reason in err, may be
 * NULL; *tb is then unspecified), also for misuse (tb or text NULL).
 */
ARB_API arb_status arb_tiebreak_parse(arb_tiebreak *tb, const char *text, arb_error *err);

/*
 * Parses a comma-separated list ("BH/C1,BH,DE,WIN") into tbs[0..cap):
 * returns the number read (0 for an empty list), or -1 with err set (a bad
 * code, with its column in the list; more than cap codes; misuse: text NULL,
 * cap < 0, tbs NULL with cap > 0).
 */
ARB_API int arb_tiebreak_parse_list(arb_tiebreak *tbs, int cap, const char *text, arb_error *err);

typedef struct arb_standings arb_standings;

/*
 * Computes the standings of t under reg: every player ranked by points,
 * then by tbs[0..ntbs) in turn (players still tied share a rank; C.07 5,
 * unless reg->lots orders them by lot). No column depends on the others in
 * the list: DE and EDE are reported among the players tied on points (0 for
 * one it does not separate, else his place in that group), while the
 * ranking applies them among the players still tied at their place in the
 * list (C.07 4.2). With tbs NULL the order is the
 * tournament's record 202 when it has one, else reg's default for its
 * system (round robin or Swiss). Points follow the file's record 162 when
 * it has one, else reg's point system. In a round robin, reg->rr_buchholz
 * drops or refuses the Buchholz-type codes of the list, and with
 * reg->rr_exclude_under_half a player who left with under half of his
 * games played is ranked last, out of the standings (arb_standings_excluded).
 * ARB_OK with *out set (free it with arb_standings_free); ARB_E_ARGUMENT
 * (a bad 202 list, a Buchholz-type code that reg refuses; misuse: t, reg or
 * out NULL, ntbs < 0, tbs NULL with ntbs > 0) with err; ARB_E_NOMEM.
 *
 * The drawing of lots (reg->lots): each player draws the number
 * splitmix64(seed * 2^32 + pairing number) (Steele, Lea and Flood's
 * SplitMix64 finaliser, seed = reg->lots_seed), and players tied after the
 * last tie-break are ordered by it, the lower number first, each getting a
 * place of his own. Anyone can redo it from the seed: the same seed and
 * the same players give the same order.
 */
ARB_API arb_status arb_standings_compute(const arb_tournament *t, const arb_regulation *reg,
					 const arb_tiebreak *tbs, int ntbs, arb_standings **out,
					 arb_error *err);

ARB_API void arb_standings_free(arb_standings *s); /* NULL: nothing */

/* The number of players (rows), and of tie-breaks (columns); 0 for misuse
 * (s NULL). */
ARB_API int arb_standings_count(const arb_standings *s);
ARB_API int arb_standings_ntiebreaks(const arb_standings *s);

/* Tie-break k (0-based, in order); NULL for misuse (s NULL, k out of range). */
ARB_API const arb_tiebreak *arb_standings_tiebreak(const arb_standings *s, int k);

/*
 * Row i (0-based) in standings order: the player's pairing number (the
 * return value), *rank (1-based; tied players share it) and *points (a
 * decimal); each pointer may be NULL. Returns 0 for misuse (s NULL, i out
 * of range).
 */
ARB_API int arb_standings_row(const arb_standings *s, int i, int *rank, double *points);

/*
 * Tie-break k of row i into *value: returns 1 when defined, 0 when the
 * regulation leaves it undefined (*value is then 0) and -1 for misuse (s
 * NULL, i or k out of range).
 */
ARB_API int arb_standings_value(const arb_standings *s, int i, int k, double *value);

/* 1 when row i is a player the regulation took out of the standings
 * (reg->rr_exclude_under_half; his rank is after everyone counted, his
 * points and tie-breaks are 0 and undefined), 0 when counted, -1 for misuse
 * (s NULL, i out of range). */
ARB_API int arb_standings_excluded(const arb_standings *s, int i);

/* 1 when row i's place was decided by the drawing of lots (reg->lots) and
 * not by a tie-break, 0 when not, -1 for misuse (s NULL, i out of range). */
ARB_API int arb_standings_by_lot(const arb_standings *s, int i);

/* ------------------------------------------------------------------------
 * Perft
 * ---------------------------------------------------------------------- */

#define ARB_PERFT_VALIDATE 1u /* check every invariant after each move and take-back */

/*
 * The number of leaf nodes of the legal move tree of `depth` plies (1 for
 * depth 0). `pos` is restored on return. With ARB_PERFT_VALIDATE it calls
 * arb_position_validate after every do/undo and returns UINT64_MAX on the
 * first failure (slow; for tests). UINT64_MAX also for depth > 64, and for
 * misuse (pos NULL).
 */
ARB_API uint64_t arb_perft(arb_position *pos, int depth, unsigned flags);

/* Calls fn(move, nodes, ctx) for each root move with perft(depth - 1) below
 * it, in generation order; returns the total (1 for depth <= 0, UINT64_MAX
 * without calling fn for depth > 64 or pos NULL). */
typedef void (*arb_divide_fn)(arb_move move, uint64_t nodes, void *ctx);
ARB_API uint64_t arb_perft_divide(arb_position *pos, int depth, arb_divide_fn fn, void *ctx);

/* ------------------------------------------------------------------------
 * Pairing: round robins (engine/pairing)
 * ---------------------------------------------------------------------- */

/* One board of a round: pairing numbers; 0 for the dummy of an odd field
 * (its opponent has the bye). */
typedef struct arb_board {
	int white, black;
} arb_board;

#define ARB_BERGER_MAX_PLAYERS 9998 /* a TRF pairing number has four digits */
#define ARB_BERGER_SWAP_LAST \
	1u /* double round robin: the last two rounds of
				       the first cycle swapped (C.05 Annex 1) */

/* The rounds of a round robin of `players` (2..ARB_BERGER_MAX_PLAYERS)
 * players in `cycles` (1 single, 2 double) cycles: (n' - 1) * cycles, n'
 * the players rounded up to even. -1 for arguments out of range (numbers a
 * caller may take from its input: not misuse). */
ARB_API int arb_berger_rounds(int players, int cycles);

/*
 * The pairing of round `round` (1..arb_berger_rounds) of a round robin by
 * the Berger tables of FIDE C.05 Annex 1, players by pairing number: board
 * 1 first, the dummy of an odd field as 0. A double round robin's second
 * cycle is the first with the colours reversed; ARB_BERGER_SWAP_LAST swaps
 * the last two rounds of the first cycle. Fills boards[0..n'/2) and returns
 * n'/2 (the boards, the dummy's included); -1 for players, cycles or round
 * out of range or fewer than n'/2 boards given (nothing written), and for
 * misuse (nboards < 0, boards NULL with nboards > 0).
 */
ARB_API int arb_berger_round(int players, int cycles, int round, unsigned flags, arb_board *boards,
			     int nboards);

/*
 * A tournament's round as a pairing: the boards in board order, the
 * pairing-allocated bye (U), then the byes and absences the round had before
 * it was paired (H F Z) by ascending id. Every player appears once.
 */
typedef struct arb_pairing arb_pairing;

#define ARB_PAIR_SWAP_LAST 1u  /* a double round robin: ARB_BERGER_SWAP_LAST */
#define ARB_PAIR_DUTCH_2017 2u /* a Swiss: the Dutch rules of 2017, not the revised */

/*
 * Pairs round `round` of t (0: the next one; a round already paired is
 * paired again as the system gives it, e.g. to check it) by its system
 * (arb_tournament_info.system): FIDE_ROUNDROBIN and FIDE_DOUBLEROUNDROBIN
 * by the Berger tables, pairing number = Berger number, the dummy's
 * opponent given the pairing-allocated bye (flags: ARB_PAIR_SWAP_LAST).
 * A player withdrawn from the round (arb_tournament_withdrawn) or absent
 * from it (Z) keeps his board as a forfeit (arb_pairing_board_result: he
 * '-', his opponent '+'; C.05: a withdrawn player's games are not played),
 * and an absence (Z), not the bye, when the table gives him the dummy.
 * A Swiss (a system FIDE_DUTCH..., or none named) is paired by the FIDE
 * Dutch system, revised rules in force 2026 (C.04.3; docs/dutch.md), or
 * with ARB_PAIR_DUTCH_2017 the rules in force 2017-2025: the
 * players without a bye known for the round, absolute criteria first (no
 * rematch, no prohibited pair of record 260, at most one pairing-allocated
 * bye, colours), then the quality criteria in order, each an optimum of a
 * maximum-weight matching; accelerations from records 250/XXA; boards in
 * the order of the higher player's score, the lower player's score, then
 * the higher player's rank; then the bye and the round's known byes.
 * ARB_OK with *out (free with arb_pairing_free); ARB_E_ARGUMENT with the
 * reason in err (may be NULL) for a round after the next or past the last
 * (a Swiss: past record 142), players not numbered 1..n (a round robin),
 * or a system arbiter does not pair itself (pair it with an external
 * engine and read its answer with arb_pairing_from_engine), and for misuse
 * (t or out NULL, round outside 0..ARB_TRF_ROUNDS_MAX); ARB_E_PAIRING when
 * no pairing of the Swiss round satisfies the absolute criteria, or its
 * criteria need wider weights than the build's ARB_MATCH_WEIGHT_WORDS;
 * ARB_E_NOMEM. *out is NULL on every error.
 */
ARB_API arb_status arb_tournament_pair(const arb_tournament *t, int round, unsigned flags,
				       arb_pairing **out, arb_error *err);

/*
 * Reads an external pairing engine's answer for round `round` (0: the next)
 * of t in the output convention of JaVaFo, bbpPairings and Swiss-Manager
 * (`--dutch IN.trf -p OUT`): a first line with the number of pairs, then a
 * line "WHITE BLACK" per board in board order, "ID 0" for the
 * pairing-allocated bye; blank lines and CR LF line ends allowed. Also the
 * `.pairs` form (arb_pairing_write's: no count, "ID bye U|H|F|Z" lines, a
 * board's forfeit "+-" "-+" "--" after it), told by its first line. The
 * byes the round already had (H F Z) that the text does not name are
 * added, and so is an absence (Z) for each player withdrawn from the round
 * that the text does not name. ARB_OK with *out; ARB_E_PAIRING
 * with the line, column and reason in err for an answer that is malformed,
 * names an unknown player, pairs one twice, gives two byes, or has more or
 * fewer pairs than announced (*out NULL); ARB_E_ARGUMENT for a round after
 * the next, and for misuse (t or out NULL, text NULL with len > 0, round
 * outside 0..ARB_TRF_ROUNDS_MAX); ARB_E_NOMEM.
 */
ARB_API arb_status arb_pairing_from_engine(const arb_tournament *t, int round, const char *text,
					   size_t len, arb_pairing **out, arb_error *err);

/* Frees p; NULL is a no-op. */
ARB_API void arb_pairing_free(arb_pairing *p);

/* The round p pairs; 0 for misuse (p NULL). */
ARB_API int arb_pairing_round(const arb_pairing *p);
/* The boards of p; 0 for misuse (p NULL). */
ARB_API int arb_pairing_boards(const arb_pairing *p);
/* Board i (0-based) into *out. ARB_OK; ARB_E_ARGUMENT for misuse (p or out
 * NULL, i out of range). */
ARB_API arb_status arb_pairing_board(const arb_pairing *p, int i, arb_board *out);
/* The byes of p (the pairing-allocated one first); 0 for misuse (p NULL). */
ARB_API int arb_pairing_byes(const arb_pairing *p);
/* Bye i: *id and *code ('U', 'H', 'F' or 'Z'), each may be NULL. ARB_OK;
 * ARB_E_ARGUMENT for misuse (p NULL, i out of range). */
ARB_API arb_status arb_pairing_bye(const arb_pairing *p, int i, int *id, char *code);

/* Board i's result fixed by the pairing into *white and *black (each may be
 * NULL): ' ' ' ' for a game to play; a forfeit ('+' '-', '-' '+', '-' '-')
 * for a withdrawn player's board of a round robin (arb_tournament_withdraw).
 * ARB_OK; ARB_E_ARGUMENT for misuse (p NULL, i out of range). */
ARB_API arb_status arb_pairing_board_result(const arb_pairing *p, int i, char *white, char *black);

/* Writes p through fn in the `.pairs` form: "WHITE BLACK" a board (a
 * forfeit fixed by the pairing: "WHITE BLACK +-", "-+" or "--"), then
 * "ID bye U", then "ID bye H|F|Z", one a line (LF). ARB_OK; ARB_E_IO when fn
 * fails; ARB_E_ARGUMENT for misuse (p or fn NULL). */
ARB_API arb_status arb_pairing_write(const arb_pairing *p, arb_write_fn fn, void *ctx);

/*
 * Explains why player id has his board or bye in round `round` (0: the
 * next) of a Swiss paired by the Dutch system (flags: ARB_PAIR_DUTCH_2017
 * for the 2017 rules), as the pairer makes it: lines of text to fn (each
 * ending in '\n'): the player and his opponent as the criteria see them
 * (score, pairing rank, games played, colour preference and its strength,
 * floats of the last two rounds, bye eligibility, topscorer), the colour
 * rule that gave White (C.04.3 E.1-E.5), which of them floats, then the
 * best pairing the rules give when that board (or that bye) is not allowed,
 * the boards it changes, and the first quality criterion in the edition's
 * order (C5-C21) on which it is worse; when that pairing does not exist,
 * that the board is forced by the absolute criteria. ARB_OK; ARB_E_ARGUMENT
 * with err (may be NULL) for an unknown player, a round after the next or
 * past the last, a system that is not the Dutch one, and for misuse (t or
 * fn NULL, round outside 0..ARB_TRF_ROUNDS_MAX); ARB_E_PAIRING when the
 * round has no pairing; ARB_E_IO when fn returns nonzero; ARB_E_NOMEM.
 */
ARB_API arb_status arb_pairing_explain(const arb_tournament *t, int round, unsigned flags, int id,
				       arb_write_fn fn, void *ctx, arb_error *err);

/*
 * Compares p, a pairing of round arb_pairing_round(p) of t (made by hand or
 * by another program; the round paired in t or the next), with arbiter's
 * own pairing of that round by the Dutch system (flags: ARB_PAIR_DUTCH_2017
 * for the 2017 rules, else the revised ones), and writes the verdict
 * through fn, line by line: the same pairing; the same boards with
 * colours the other way round; or the boards that differ, arbiter's
 * instead, and the first quality criterion in the edition's order (C.04.3
 * C5-C21, as arb_pairing_explain names them) on which p is worse, or
 * better but worse in an earlier bracket's choice, or rated the same (the
 * bracket's order decided). *differs is 1 when p is not arbiter's pairing,
 * else 0. ARB_OK; ARB_E_ARGUMENT with err (may be NULL) for a round after
 * the next or past the last, a system that is not the Dutch one, and for
 * misuse (t, p, differs or fn NULL); ARB_E_PAIRING when the round has no
 * pairing by the rules; ARB_E_IO when fn returns nonzero; ARB_E_NOMEM.
 */
ARB_API arb_status arb_pairing_compare(const arb_tournament *t, const arb_pairing *p,
				       unsigned flags, int *differs, arb_write_fn fn, void *ctx,
				       arb_error *err);

/*
 * Checks p against t, whoever made it (arbiter, an engine, a director by
 * hand), and returns the number of problems found: every player paired or
 * given a bye exactly once; no rematch (C.04.1 b; a double round robin's
 * players meet twice); in a Swiss no second pairing-allocated bye, nor one
 * after a forfeit win, nor under the revised rules after any round that
 * scored a win's points without a game, such as a full-point bye (C.04.1 d;
 * flags ARB_PAIR_DUTCH_2017: the rules of 2017, where only the
 * pairing-allocated bye and a forfeit win count), no colour difference beyond 2 and no
 * colour three times running (C.04.3 C3), except on a board of a topscorer
 * when the last round is paired (A.7: over half the maximum score, the
 * round's acceleration included); no player paired who has a bye
 * for the round or is absent from it (Z); no player paired who is
 * withdrawn from the round (arb_tournament_withdrawn; a round robin's
 * forfeit board for him is no pairing); no two players of a prohibited
 * group (record 260) paired in a round the group covers (TRF-2026 260: a
 * prohibited pairing, absolute like C.04.1 b). The first `cap` problems go
 * into problems[] (code ARB_E_PAIRING, a message naming the board and the
 * criterion; problems NULL: only counted). -1 for no memory, and for
 * misuse (t or p NULL, cap < 0).
 */
ARB_API int arb_pairing_check(const arb_tournament *t, const arb_pairing *p, unsigned flags,
			      arb_error *problems, int cap);

/* Puts p into t: its boards as games not played yet (a forfeit fixed by
 * the pairing with its result), its byes as byes of the round (which must
 * be the next one or one already paired); in a Chess960 event the round's
 * positions recorded as notes (arb_tournament_record_960: board i + 1 is
 * p's board i). ARB_OK; ARB_E_ARGUMENT for a round out of range or an
 * unknown player, the errors of arb_tournament_game_960 (nothing changed
 * then), and for misuse (t or p NULL); the errors of
 * arb_tournament_set_game. */
ARB_API arb_status arb_tournament_apply_pairing(arb_tournament *t, const arb_pairing *p);

/*
 * Writes the games of round `round` (1..arb_tournament_rounds_played; 0:
 * every round, in order) as PGN through fn (engine/pairing/roundpgn.c), one
 * game a board with no moves, by arb_pgn_write: Event (012), Site (022 and
 * 032: "City FED"), Date (the round's date, record 132; else 042; else
 * ????.??.??), Round, White and Black (names as the file has them,
 * "Surname, Firstname"), Result; then, where the file knows them, Board,
 * WhiteElo/BlackElo, WhiteFideId/BlackFideId, WhiteTitle/BlackTitle,
 * WhiteFed/BlackFed; in a Chess960 event FEN, SetUp "1" and Variant
 * "Chess960" with the game's start position (arb_tournament_game_960).
 * Result: 1 0 W L = D as 1-0, 0-1, 1/2-1/2; a forfeit (+ -) as 1-0 or 0-1
 * with Termination "forfeit", a double forfeit (- -) "*" with Termination
 * "forfeit"; a game not played yet "*". Byes are not games: left out.
 * Boards: a Chess960 event's notes, else a round robin's Berger table
 * when it has every game of the round in its colours (with or without
 * ARB_PAIR_SWAP_LAST), else no Board tag and the games in White's
 * pairing-number order. ARB_OK; ARB_E_ARGUMENT with the reason for a round
 * not paired, and for misuse (t or fn NULL); arb_tournament_game_960's
 * errors; ARB_E_IO when fn fails; ARB_E_NOMEM.
 */
ARB_API arb_status arb_tournament_write_pgn(const arb_tournament *t, int round, arb_write_fn fn,
					    void *ctx, arb_error *err);

/* ------------------------------------------------------------------------
 * Pairing: matches and knockouts (engine/pairing/match.c)
 *
 * A match is played in stages: stage 0 the match itself (N games, colours
 * alternating), then the play-offs a regulation announces for a tie, in
 * order (FIDE C.07 Art. 3: rapid games, blitz games, then Armageddon).
 * Each stage is scored on its own (a tie in one sends the players to the
 * next), under its own rule profile and time control. docs/knockout.md
 * gives the decisions taken where the regulations are silent.
 * ---------------------------------------------------------------------- */

#define ARB_MATCH_STAGES_MAX 8       /* the match and seven play-off stages */
#define ARB_MATCH_STAGE_GAMES_MAX 99 /* games of one stage */
#define ARB_MATCH_PROFILE_MAX 160    /* a profile spec with its options */
#define ARB_MATCH_TC_MAX 64          /* a time control as written */

/* Who has White in a stage's games. */
typedef enum arb_match_colours {
	ARB_MATCH_ALTERNATE = 0, /* the player who had Black in the match's last game
				    (the match's first White for game 1) */
	ARB_MATCH_BY_LOT         /* drawn by lot before each game, the winner of the lot
				    choosing (FIDE World Cup 2021 reg. 4.10.4, Armageddon);
				    recorded with arb_match_set_white */
} arb_match_colours;

/* One stage of a match. */
typedef struct arb_match_stage {
	int games;                           /* 1..ARB_MATCH_STAGE_GAMES_MAX: the most it plays */
	char profile[ARB_MATCH_PROFILE_MAX]; /* the rule profile, as written
						 ("fide2023-rapid", "armageddon{base=fide2023-blitz}") */
	char tc[ARB_MATCH_TC_MAX]; /* its time control, as written ("900+10", "W300-B240") */
	int draw_odds;             /* a drawn game is scored as a win for Black */
	int sudden_death;          /* the first decisive game decides the match */
	arb_match_colours colours;
} arb_match_stage;

/* A match's schedule: stage[0] the match, stage[1..] its play-offs. */
typedef struct arb_match_schedule {
	int nstages;
	arb_match_stage stage[ARB_MATCH_STAGES_MAX];
} arb_match_schedule;

/*
 * Appends to s the stages written in `text`, separated by ';':
 *   COUNT game|games PROFILE TC [draw-odds] [sudden-death] [white=alternate|lot]
 * e.g. "2 games fide2023-rapid 900+10; 2 games fide2023-blitz 300+2;
 * 1 game armageddon W300-B240". COUNT is 1..ARB_MATCH_STAGE_GAMES_MAX;
 * PROFILE a profile name with its options in braces (blanks allowed inside
 * the braces and quotes); TC any notation of arb_tc_parse. A profile named
 * armageddon (or armageddon{...}) makes the stage draw-odds, sudden-death
 * and white=lot unless the stage says white=alternate. Call it with a
 * zeroed s for the match, then again for the play-offs. ARB_OK; ARB_E_PAIRING with err's column (1-based, in
 * text) and reason for a malformed stage, an empty text, or more than
 * ARB_MATCH_STAGES_MAX stages in all (s unchanged then); ARB_E_ARGUMENT for
 * NULL text or s.
 */
ARB_API arb_status arb_match_schedule_add(arb_match_schedule *s, const char *text, arb_error *err);

/* Writes s's stages from `first` on in arb_match_schedule_add's form (one
 * text that reads back to the same stages) into buf (size n, truncated);
 * returns the full length. 0 for NULL s or first out of range. */
ARB_API size_t arb_match_schedule_format(const arb_match_schedule *s, int first, char *buf,
					 size_t n);

typedef struct arb_match arb_match;

/*
 * A new match of schedule s (copied) between players a and b (ids > 0, a
 * != b; a has White in game 1). ARB_OK with *out (free with
 * arb_match_free); ARB_E_ARGUMENT for NULL s or out, no stage, a stage out
 * of range, or bad ids; ARB_E_NOMEM.
 */
ARB_API arb_status arb_match_new(const arb_match_schedule *s, int a, int b, arb_match **out);

/* Frees m; NULL is a no-op. */
ARB_API void arb_match_free(arb_match *m);

typedef enum arb_match_status {
	ARB_MATCH_PLAYING = 0, /* a game is to be played */
	ARB_MATCH_WON,         /* decided: winner and loser set */
	ARB_MATCH_DRAWN        /* every stage tied and no stage left */
} arb_match_status;

/* Where a match is, from the games recorded so far. */
typedef struct arb_match_state {
	arb_match_status status;
	int winner, loser; /* ids when won, else 0 */
	int games;         /* games recorded */
	int stage;         /* the stage being played, or the one that decided */
	int score[2];      /* a's and b's half points in that stage */
	/* The next game (status ARB_MATCH_PLAYING), else zeros: */
	int game;         /* its number in the stage, from 1 */
	int white, black; /* ids; 0 and 0 while the stage's colours by lot are unknown */
} arb_match_state;

/* m's state into *out. ARB_OK; ARB_E_ARGUMENT for NULL m or out. */
ARB_API arb_status arb_match_get(const arb_match *m, arb_match_state *out);

/* The schedule m plays (NULL for NULL m): stage[state.stage] gives the next
 * game's profile and time control. */
ARB_API const arb_match_schedule *arb_match_schedule_of(const arb_match *m);

/* Records the lot (or choice) of a stage whose colours are by lot: `white`
 * (one of the players) has White in the next game. ARB_OK; ARB_E_PAIRING
 * with the reason in err when the match is decided or the next game's
 * colours are not by lot; ARB_E_ARGUMENT for NULL m or a stranger. */
ARB_API arb_status arb_match_set_white(arb_match *m, int white, arb_error *err);

/*
 * Records the next game: `white` the player who had White, `code` White's
 * TRF result: '1' (won), '=' (drawn), '0' (lost), '+' (won by forfeit), '-'
 * (lost by forfeit). The stage's scoring applies: a draw under draw odds
 * is a win for Black. ARB_OK; ARB_E_PAIRING with the reason in err when
 * the match is decided already, `white` is not the player the schedule
 * gives White, or code is another byte; ARB_E_ARGUMENT for NULL m or a
 * stranger; ARB_E_NOMEM. A stage by lot takes either player as White (the
 * lot recorded by the game itself, unless arb_match_set_white said).
 */
ARB_API arb_status arb_match_record(arb_match *m, int white, char code, arb_error *err);

/* One game recorded. */
typedef struct arb_match_game {
	int stage, number; /* the stage and the game's number in it, from 1 */
	int white, black;
	char code;     /* White's TRF code as recorded */
	int points[2]; /* White's and Black's half points, the stage's scoring applied */
} arb_match_game;

/* Game i (0-based, in play order) into *out. ARB_OK; ARB_E_ARGUMENT for
 * NULL m or out, or i out of range. */
ARB_API arb_status arb_match_game_get(const arb_match *m, int i, arb_match_game *out);

#define ARB_KNOCKOUT_MAX_PLAYERS 4096

typedef struct arb_knockout arb_knockout;

/*
 * A knockout of n players (2..ARB_KNOCKOUT_MAX_PLAYERS) whose ids are
 * ids[0..n) in seed order (ids[0] seed 1). The bracket has P = n rounded
 * up to a power of two places in the standard seeding: round 1 pairs seed
 * s with seed P + 1 - s, placed so that seeds 1 and 2 can meet only in the
 * final, 1 to 4 only in the semi-finals, and so on (place order for P = 8:
 * 1 8 4 5 2 7 3 6); a seed whose opponent would be over n has a bye (the
 * top seeds, then), and goes through. ARB_OK with *out; ARB_E_ARGUMENT for
 * NULL ids or out, n out of range, an id <= 0 or given twice; ARB_E_NOMEM.
 */
ARB_API arb_status arb_knockout_new(const int *ids, int n, arb_knockout **out);

/* Frees k; NULL is a no-op. */
ARB_API void arb_knockout_free(arb_knockout *k);

/* The rounds of k (log2 P; the final is the last); 0 for NULL. */
ARB_API int arb_knockout_rounds(const arb_knockout *k);

/* The matches of round r (1..rounds): P / 2^r, byes included; 0 when out
 * of range. */
ARB_API int arb_knockout_matches(const arb_knockout *k, int round);

/* One match of a round: a the upper place of the bracket (in round 1 the
 * better seed), b the lower; 0 for a player not known yet (the winner of an
 * earlier match to come) or, in round 1, b 0 for a bye. */
typedef struct arb_knockout_match {
	int a, b;
	int seed_a, seed_b; /* their seeds (0 when the player is 0) */
	int winner;         /* 0 until decided; a bye is decided for a */
	int bye;            /* 1: round 1's bye */
} arb_knockout_match;

/* Match i (0-based, top of the bracket first) of round r into *out. ARB_OK;
 * ARB_E_ARGUMENT for NULL k or out, or r or i out of range. */
ARB_API arb_status arb_knockout_match_get(const arb_knockout *k, int round, int i,
					  arb_knockout_match *out);

/* The first round with a match undecided (rounds + 1 when k is over); 0
 * for NULL. */
ARB_API int arb_knockout_current_round(const arb_knockout *k);

/* The winner of the final; 0 while undecided or for NULL. */
ARB_API int arb_knockout_winner(const arb_knockout *k);

/*
 * Records that `winner` won match i of round r; he goes into his place of
 * round r + 1. ARB_OK; ARB_E_PAIRING with the reason in err when the
 * match's players are not both known, winner is not one of them, or the
 * match has a winner already (a different one: a changed result; the same
 * is ARB_OK); ARB_E_ARGUMENT for NULL k or r or i out of range.
 */
ARB_API arb_status arb_knockout_set_winner(arb_knockout *k, int round, int i, int winner,
					   arb_error *err);

/* ------------------------------------------------------------------------
 * Engine games (engine/match/): UCI engines as child processes, one game
 * between two of them played on arbiter's clock and decided as it goes by a
 * rule profile. This layer reads the real time (a monotonic clock), as
 * nothing below it does; POSIX only (fork, pipes, poll).
 *
 * An engine is a child process whose standard input and output are pipes
 * to this process and whose standard error goes to a log file (or
 * /dev/null). It runs in a process group of its own, so that closing it
 * kills whatever it started. Every wait has a deadline: no call blocks on
 * an engine for longer than the timeouts it is given. Writing to an engine
 * that has died never raises SIGPIPE in the caller. Descriptors are
 * close-on-exec, so engines started from several threads do not inherit
 * one another's pipes. An engine is used by one thread at a time.
 * ---------------------------------------------------------------------- */

#define ARB_ENGINE_OPTIONS_MAX 32
#define ARB_ENGINE_ARGS_MAX 32

/* How to run one engine. Strings are copied by arb_engine_open. */
typedef struct arb_engine_spec {
	const char *name; /* the name in PGN and tables (NULL: the engine's "id name") */
	const char *cmd;  /* the program, searched in PATH when it has no '/' */
	int nargs;        /* its arguments (0..ARB_ENGINE_ARGS_MAX) */
	const char *args[ARB_ENGINE_ARGS_MAX];
	const char *dir;         /* working directory (NULL: the caller's) */
	const char *stderr_path; /* its standard error is appended here (NULL: /dev/null) */
	int noptions;            /* UCI options set after uciok (setoption name N value V) */
	const char *option_name[ARB_ENGINE_OPTIONS_MAX];
	const char *option_value[ARB_ENGINE_OPTIONS_MAX];
	long start_timeout_ms; /* the wait for uciok, then for readyok (<= 0: 10000) */
} arb_engine_spec;

typedef struct arb_engine arb_engine;

/*
 * Starts the engine and makes the UCI handshake: "uci", its "id" and
 * "option" lines up to "uciok", the spec's options, "isready" -> "readyok".
 * Returns the engine, or NULL with err (ARB_E_ENGINE: the program could not
 * be run, exited, or did not answer in time, the message saying which;
 * ARB_E_NOMEM; ARB_E_ARGUMENT for misuse: spec or spec->cmd NULL, counts
 * out of range). A failed start leaves no process behind.
 */
ARB_API arb_engine *arb_engine_open(const arb_engine_spec *spec, arb_error *err);
/*
 * Ends the engine: "quit", up to quit_ms (<= 0: 1000) for it to exit, then
 * SIGKILL to its process group; the child is always reaped. NULL is a no-op.
 */
ARB_API void arb_engine_close(arb_engine *e, long quit_ms);
/* The engine's name: the spec's, else its "id name", else the command's
 * base name. Valid while e lives; "" for NULL. */
ARB_API const char *arb_engine_name(const arb_engine *e);
/* 1 while the process runs and the protocol has not broken down (no end of
 * output, no unanswered command past its deadline); 0 otherwise or NULL. */
ARB_API int arb_engine_alive(const arb_engine *e);
/* 1 if the engine offered the UCI option `name` (case-insensitive); 0 if
 * not, or misuse (NULL). */
ARB_API int arb_engine_has_option(const arb_engine *e, const char *name);

/* Limits of an engine's search in a game; all 0: play on the clock only. */
typedef struct arb_engine_limits {
	long nodes;       /* go nodes N */
	int depth;        /* go depth N */
	long movetime_ms; /* go movetime N */
} arb_engine_limits;

/* What a game asks of the runner beside the rules. */
typedef enum arb_claims {
	ARB_CLAIMS_AUTO = 0, /* claim threefold / fifty moves for an engine as soon as
				the rules let it (as a human would, with the intended move) */
	ARB_CLAIMS_NEVER     /* only the profile's automatic endings end a game */
} arb_claims;

typedef struct arb_play_spec {
	const arb_rules *rules;      /* the profile (NULL: arb_rules_init's) */
	const arb_position *start;   /* NULL: the standard start */
	const arb_time_control *tc;  /* per side in tc->side (time odds); NULL or
					    untimed kinds: no clock */
	arb_engine_limits limits[2]; /* [ARB_WHITE], [ARB_BLACK] */
	long margin_ms;              /* a move that overruns its time by at most this
					    is charged as ending 1 ms before the flag */
	long stall_ms;               /* no bestmove this long after go on an
					    untimed move (<= 0: 60000; plus movetime):
					    the engine has stalled */
	long flag_grace_ms;          /* after a flag: the wait for bestmove after
					    "stop" before the engine counts as hung
					    (<= 0: 1000) */
	arb_claims claims;
	int max_moves; /* the runner adjudicates a draw after this
					    many moves (0: 1000); never reached under a
					    profile with automatic 75-move draws */
	/* Adjudication by engine scores, the runner's and not a rule of chess (each
	 * off when its moves field is 0): a draw when both engines' scores have
	 * stayed within draw_cp of 0 for draw_moves consecutive moves each, from
	 * move draw_from on; a resignation when one engine's score has been at
	 * least resign_cp below 0 for resign_moves of its moves in a row and its
	 * opponent's score agrees (at least resign_cp above 0). */
	int draw_moves, draw_from, draw_cp;
	int resign_moves, resign_cp;
} arb_play_spec;

/* What happened in a game beside its result. */
typedef struct arb_play_report {
	int plies;
	int crashed[2];         /* the engine's process exited (or its output ended) mid-game */
	int stalled[2];         /* it did not answer in time (no bestmove; no readyok) */
	int illegal[2];         /* illegal moves it sent */
	int flagged[2];         /* its flag fell */
	int adjudicated;        /* the runner's adjudication ended the game (scores, max_moves) */
	double overhead_us_sum; /* time between reading a bestmove and sending the
				   next go, summed over moves */
	long overhead_count;
	double overhead_us_max;
	char detail[128]; /* what the runner saw ("white crashed at move 12") */
} arb_play_report;

/*
 * Plays one game between `white` and `black` (distinct engines, or the same
 * one against itself; NULL: an engine that could not be started, which loses
 * by forfeit, "abandoned", before the first move) from spec->start under spec->rules: "ucinewgame",
 * UCI_Chess960 set to the position's mode where the engine offers it, then
 * for each move "position ... moves ..." (castling in the engine's notation)
 * and "go" with the clock's times (wtime/btime: the main time, plus a simple
 * delay's unused part; winc/binc: the increment, or a Bronstein delay;
 * movestogo: the moves left in a period by move count) and the side's
 * limits. The time of a move is measured with a monotonic clock from
 * sending "go" to reading "bestmove". Each move is an event of the game
 * (`*game_out`, the caller's to free): a legal move, an illegal one as the
 * rules decide it (a penalty and the same engine moves again, or a loss, or
 * a draw), a flag, a claim (arb_claims), the loss of an engine that crashed
 * or stalled. The record `rec` (cleared) gets the start, the moves with
 * [%clk] on each and the events as comment commands, Result and
 * Termination (arb_game_to_record); other tags are the caller's. Returns
 * ARB_OK when a game was played and decided (an engine failing, before or
 * during the game, is a result, not an error); ARB_E_ENGINE with err when no
 * game could start (no Chess960 support for a Chess960
 * start, no time control and no limit for a side); ARB_E_NOMEM;
 * ARB_E_ARGUMENT for misuse (spec, game_out, rec or report NULL).
 */
ARB_API arb_status arb_play_game(const arb_play_spec *spec, arb_engine *white, arb_engine *black,
				 arb_game **game_out, arb_record *rec, arb_play_report *report,
				 arb_error *err);

/* ------------------------------------------------------------------------
 * Engine matches: statistics (engine/match/stats.c)
 *
 * One engine (A) against the others, from A's side: the score, the Elo
 * difference with its 95 % interval, and the likelihood of superiority,
 * as cutechess-cli and fastchess compute them. The functions are pure
 * arithmetic on the caller's structs.
 * ---------------------------------------------------------------------- */

/* The results of one engine (A) against the others, from A's side. Every
 * count is >= 0 (a negative one is misuse), and wins + draws + losses, like
 * the sum of penta, fits a long. */
typedef struct arb_match_score {
	long wins, draws, losses;
	long penta[5]; /* game pairs (the same opening, colours swapped) in which A
			  scored 0, 1/2, 1, 3/2, 2 points */
} arb_match_score;

/*
 * What arb_match_summarize makes of an arb_match_score. A value that is not
 * a finite number (its _finite flag says) is -INFINITY or +INFINITY where
 * the Elo difference is unbounded that way, NAN where there is no data; it
 * must not be printed as a number.
 *
 * The intervals are normal approximations of the mean score, z =
 * 1.959963984540054 standard errors either side, the variance taken over
 * the sample (divided by its size), each end mapped through the Elo curve
 * (an end at or below score 0 is -INFINITY, at or above 1 +INFINITY):
 *   elo_low, elo_high  (trinomial) elo(score -/+ z sqrt(var / games)),
 *       var = (W (1 - score)^2 + D (1/2 - score)^2 + L score^2) / games;
 *   penta_low, penta_high  (pentanomial, as fastchess reports it; pairs > 1)
 *       elo(m -/+ z sqrt(v / pairs)), m and v the mean and variance over the
 *       pairs of the pair scores 0, 1/4, 1/2, 3/4, 1 (per game) weighted by
 *       penta. m is `score` when wins, draws and losses count the same
 *       games as penta.
 * Games (or pairs) that all scored the same, all draws say, give an interval
 * of zero width: the approximation sees no spread. cutechess's and
 * fastchess's "+/-" is (high - low) / 2.
 */
typedef struct arb_match_summary {
	long games;                   /* wins + draws + losses */
	double score;                 /* (wins + draws / 2) / games; 0 when no games */
	double draw_ratio;            /* draws / games; 0 when no games */
	int elo_finite;               /* elo is a finite number: 0 when score is 0 or 1
					 (or no games); the interval is then not finite
					 either */
	double elo;                   /* Elo difference: -400 log10(1/score - 1);
					 -INFINITY at score 0, +INFINITY at 1, NAN without
					 games */
	int elo_interval_finite;      /* elo_low and elo_high are both finite numbers */
	double elo_low, elo_high;     /* its 95 % interval (trinomial); NAN without
					 games */
	double los;                   /* likelihood of superiority: 0.5 (1 + erf((W - L)
					 / sqrt(2 (W + L)))), 0.5 when W + L is 0 */
	long pairs;                   /* sum of penta */
	int penta_finite;             /* penta_low and penta_high are both finite numbers:
					 0 when pairs < 2 or an end leaves score (0, 1) */
	double penta_low, penta_high; /* the 95 % interval (pentanomial); NAN when
					 pairs < 2 */
} arb_match_summary;

/* Summary of s into *out (NULL s or out, a negative count, or counts whose
 * sum does not fit a long: misuse, out untouched). */
ARB_API void arb_match_summarize(const arb_match_score *s, arb_match_summary *out);

/* Adds one game pair's scores for A (each game's points for A in half points:
 * 0, 1 or 2) to s->penta; wins, draws and losses are left to the caller,
 * who counts the games. Returns ARB_OK; ARB_E_ARGUMENT, s unchanged, for
 * a value out of range (in every build: results are input) or a count
 * that would pass LONG_MAX, and for misuse (s NULL). */
ARB_API arb_status arb_match_score_pair(arb_match_score *s, int first_half_points,
					int second_half_points);

/* Elo difference of a score fraction in (0, 1): -400 log10(1/score - 1);
 * NAN outside (0 and 1 included) and for NAN. */
ARB_API double arb_elo_from_score(double score);

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_H */
