/*
 * record.h -- the internals of arb_record (game records), shared by
 * record.c (the object) and pgn.c (the reader and writer).
 *
 * Strings live in one pool and are referred to by offset, so clearing a
 * record for the next game keeps all its memory: a reader reuses one record
 * for every game, and memory depends on the largest game, not the file.
 */
#ifndef ARB_RECORD_H
#define ARB_RECORD_H

#include "position.h"

typedef struct rec_node {
	arb_move move;
	int parent, next, variation, sibling;
	int comment, pre_comment; /* pool offsets or -1 */
	int nag_first, nag_count;
	long clock[4];
} rec_node;

struct arb_record {
	arb_position start;
	char *pool;
	size_t pool_len, pool_cap;
	int *tags; /* pairs of pool offsets: name, value */
	int ntags, tags_cap;
	rec_node *nodes;
	int nnodes, nodes_cap;
	int *mainline; /* node of each main-line ply */
	int nmain, main_cap;
	uint8_t *nags;
	int nnags, nags_cap;
	int *warnings; /* pool offsets of the reader's warnings */
	int nwarnings, warnings_cap;
	char result[8];
};

/* Appends a string (len bytes) to the pool; returns its offset or -1 (no memory). */
int arbI_rec_intern(arb_record *g, const char *s, size_t len);
/* Adds a node for `move` under `parent` without a legality check; ARB_NO_NODE on no memory. */
int arbI_rec_add_node(arb_record *g, int parent, arb_move move);
/* Adds a NAG to a node (the node must be the last one given NAGs). 0 on no memory. */
int arbI_rec_add_nag(arb_record *g, int node, int nag);
/* Sets a node's comment (appending to one already there with a space). 0 on no memory. */
int arbI_rec_add_comment(arb_record *g, int node, const char *text, size_t len, int pre);
/* Parses [%clk ...]-style commands of a comment into the node's clocks. */
void arbI_rec_parse_clock_commands(arb_record *g, int node, const char *text, size_t len);
/* Adds a warning (len bytes of text); 0 on no memory. At most
 * ARB_RECORD_WARNINGS_MAX are kept; later ones are counted only. */
int arbI_rec_add_warning(arb_record *g, const char *text, size_t len);
/* The i-th event command of the comment grammar ("claim", ...; engine/notation/events.c),
 * NULL past the last. */
const char *arbI_game_command_name(int i);
/* The pool string at `off` (or NULL for -1). */
static inline const char *rec_str(const arb_record *g, int off)
{
	return off < 0 ? NULL : g->pool + off;
}

#endif
