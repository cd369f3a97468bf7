/*
 * pairing.h -- what the pairing layer's files share (internal): the
 * pairing a round gets, made by pairing.c (round robins, an external
 * engine's answer) and dutch.c (the FIDE Dutch system), and the Dutch
 * system's entry point, which arb_tournament_pair calls for a Swiss.
 */
#ifndef ARBITER_PAIRING_H
#define ARBITER_PAIRING_H

#include "arbint.h"

typedef struct bye {
	int id;
	char code; /* U H F Z */
} bye;

struct arb_pairing {
	int round;
	arb_board *boards; /* in board order */
	char (*result)[2]; /* per board: the result the pairing fixes (a withdrawn
			      player's forfeit in a round robin); 0 0 or ' ' ' ' none */
	int nboards;
	bye *byes; /* the pairing-allocated bye first, then the others by id */
	int nbyes;
};

/* An empty pairing of round `round` with room for `players` players (a
 * board per two, a bye each); NULL when out of memory. */
arb_pairing *arbI_pairing_new(int round, int players);

/* Appends to p the byes of round r known before it is paired (H F Z), by
 * ascending id, for the players whose id is not set in `taken` (ids paired
 * already; room for every id). Player cells of a round already paired hold
 * its games: only their H F Z cells count. */
void arbI_pairing_known_byes(const arb_tournament *t, int r, arb_pairing *p, const char *taken);

/* The editions of the Dutch system (C.04.3) arbiter pairs. */
typedef enum arbI_dutch_edition {
	ARBI_DUTCH_2026 = 0, /* the revised rules approved in 2024/2025, in force 2026 */
	ARBI_DUTCH_2017      /* the rules of 2017 (Goynuk), in force until then */
} arbI_dutch_edition;

/* A game played over the board (forfeits and byes are not). */
static inline int arbI_pairing_is_game(const arb_tournament_cell *c)
{
	return c->opponent != 0 && c->result != '+' && c->result != '-' &&
	       (c->color == 'w' || c->color == 'b') && c->result != ' ';
}

/*
 * Whether round cell c (of an event scored by `points`) keeps its player
 * from the pairing-allocated bye under `edition` (C.04.1 d): in 2017 a
 * pairing-allocated bye (U) or a win by forfeit (+); in the revised rules
 * also any round not played that scored a win's points (a full-point bye
 * F, a win by forfeit). The pairer and the check both ask this.
 */
int arbI_pairing_bars_bye(const arb_tournament_points *points, const arb_tournament_cell *c,
			  arbI_dutch_edition edition);

/* The edition of the Dutch system pairing flags choose (ARB_PAIR_DUTCH_2017). */
static inline arbI_dutch_edition arbI_pairing_edition(unsigned flags)
{
	return flags & ARB_PAIR_DUTCH_2017 ? ARBI_DUTCH_2017 : ARBI_DUTCH_2026;
}

/*
 * Pairs round r of t (2..rounds played + 1, or 1) by the Dutch system of
 * `edition`, into *out (the boards in board order, the pairing-allocated
 * bye, the round's known byes). ARB_OK; ARB_E_PAIRING with the reason in
 * err (may be NULL) when no pairing satisfies the absolute criteria, and
 * when the criteria's weights do not fit the matching's width
 * (ARB_MATCH_WEIGHT_WORDS); ARB_E_NOMEM. The caller has checked t, r and
 * out.
 */
arb_status arbI_dutch_pair(const arb_tournament *t, int r, arbI_dutch_edition edition,
			   arb_pairing **out, arb_error *err);

/*
 * explain.c: why player id got his board or bye in round r (the Dutch
 * system of `edition`), as text lines to fn: the players as the criteria
 * see them, the colour rule, the best pairing without that board or bye,
 * and the first criterion on which it is worse. ARB_OK; ARB_E_ARGUMENT for
 * an unknown player; ARB_E_PAIRING as arbI_dutch_pair; ARB_E_IO when fn
 * fails; ARB_E_NOMEM. The caller has checked t, r and fn.
 */
arb_status arbI_dutch_explain(const arb_tournament *t, int r, arbI_dutch_edition edition, int id,
			      arb_write_fn fn, void *ctx, arb_error *err);
/* explain.c: given (a pairing of round arb_pairing_round(given)) compared
 * with the pairer's own of that round: *differs 0 or 1, the verdict
 * through fn. */
arb_status arbI_dutch_compare(const arb_tournament *t, const arb_pairing *given,
			      arbI_dutch_edition edition, int *differs, arb_write_fn fn, void *ctx,
			      arb_error *err);

#endif /* ARBITER_PAIRING_H */
