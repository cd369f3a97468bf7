/*
 * tournament.h -- the tournament layer's model, shared by its files:
 * trf.c (TRF-2026 and TRF-16 in and out), tiebreak.c (tie-breaks by
 * regulation edition), standings.c (ranking) and tournament.c (the model's
 * life: players, rounds, results).
 *
 * A tournament is what a TRF file says: the event's data, its players with
 * one cell per round, and the records it does not model, kept as text in
 * file order so that nothing read is lost when the file is written back.
 * Invariants: `players` is sorted by id (the pairing numbers, 1..9999; a
 * file's are normally 1..nplayers, but one with gaps or lines in another
 * order is renumbered nowhere: `byid` maps an id to its index, -1 for none);
 * every player has `rounds_cap` cells; the first `nrounds` (the rounds
 * paired so far) are the rounds played, a later one holds a bye known in
 * advance (240, or a TRF-16 file's pre-filled cell) or result ' '; points
 * are in tenths of a point, as TRF writes them, so sums are exact.
 * Out of memory: a growing helper sets the sticky `nomem`; the public entry
 * point turns it into ARB_E_NOMEM (as engine/rules/game.c does).
 */
#ifndef ARBITER_TOURNAMENT_H
#define ARBITER_TOURNAMENT_H

#include "arbint.h"

/* Limits (overridable, like engine/config.h's). */
#ifndef ARB_TRF_LINE_MAX
#define ARB_TRF_LINE_MAX 65536 /* bytes of one TRF line */
#endif
#define ARB_TRF_ID_MAX 9999 /* four columns */

/* One player's round, a TRF cell "oooo c r". */
typedef struct tcell {
	int opponent; /* pairing number; 0 for none (a bye or an absence) */
	char color;   /* 'w', 'b' or '-' */
	char result;  /* TRF code: 1 = 0 + - W D L H F U Z; ' ' not played yet */
} tcell;

/* The point system (TRF-2026 record 162; TRF-16: JaVaFo's XXS), in tenths:
 * the public arb_tournament_points. */
typedef arb_tournament_points tpoints;

/* A player: record 001 (TRF-16 columns), its cells, and where it came from. */
typedef struct tplayer {
	int id;             /* pairing number (columns 5-8) */
	char sex;           /* 'm', 'w' or ' ' (10) */
	char title[4];      /* "GM", "WIM", ... or "" (11-13) */
	char name[34];      /* (15-47) */
	int rating;         /* 0: unrated (49-52) */
	char federation[4]; /* (54-56) */
	char fide_id[12];   /* digits or "" (58-68) */
	char birth[11];     /* as written (70-79) */
	int points;         /* tenths after the nrounds rounds played (81-84) */
	int rank;           /* as written (86-89); 0 none */
	tcell *cells;       /* rounds_cap cells, from round 1 */
	int line;           /* its record's index in `recs`, -1 when added */
} tplayer;

/* A record kept as read: its three-character code and its text (without
 * the line end). Records the model understands are regenerated from the
 * model when it changed (field by field); the others are written back as
 * they are. */
typedef struct trecord {
	char code[4];
	char *text;
	size_t len; /* its length (text may hold a NUL: a broken line) */
	int dirty;  /* the model changed what this record says */
	int ref;    /* 001: the player's index; 240 of a round played: how many of its
		       ids agreed with their cells when read; -1 otherwise */
	int broken; /* it had an error: kept as text, not in the model */
	char eol;   /* its line end as read: 0 none (the last line), 1 CR, 2 LF, 3 CRLF */
} trecord;

/* A prohibited pairing (TRF-2026 record 260): players who must not meet
 * each other in rounds first..last. Read from a record (line its index) or
 * added (then also appended as a record: groups never change once made). */
typedef struct tprohibit {
	int first, last;
	int *ids;
	int nids;
	int line;
} tprohibit;

/* A problem found by the reader. */
typedef struct tproblem {
	long line;
	int column;
	int error; /* 1 an error (the line's content left out), 0 a warning */
	char why[160];
} tproblem;

struct arb_tournament {
	/* the event: 012 022 032 042 052 092 102 112 122 */
	char name[128], city[64], federation[4], start[16], end[16];
	char type[128], chief_arbiter[128], time_control[128];
	int start_date, end_date; /* 042 052 as YYYYMMDD; 0 unknown */
	char system[48];          /* 192 coded type (or derived from 092 for TRF-16) */
	char tiebreaks[256];      /* 202, as written */
	char tc_code[64];         /* 222 */
	int rounds;               /* scheduled: 142 / XXR; 0 unknown */
	char first_color;         /* 152 / XXC: 'w', 'b' or ' ' unknown */
	tpoints points;           /* 162 / XXS, defaults 1 ½ 0 */
	int nrounds;              /* rounds paired so far */
	int rounds_cap;
	tplayer *players;
	int nplayers, players_cap;
	int *byid; /* id -> index, -1 none; byid_cap entries */
	int byid_cap;
	trecord *recs; /* every line in file order */
	int nrecs, recs_cap;
	char eol[3];          /* the first line end read ("\r", "\n" or "\r\n"); "\r" new */
	int dialect;          /* ARB_TRF_2026 or ARB_TRF_16 */
	int team;             /* team records (013, 310): 240 names teams, not players */
	int prefilled;        /* the file showed the next round's byes in its cells */
	int prefilled_points; /* ... and its points column counted them */
	int system_derived;   /* `system` came from 092, not 192 */
	tprohibit *prohib;    /* 260 of an individual event, in file order */
	int nprohib, prohib_cap;
	tproblem *probs; /* the reader's problems, in line order */
	int nprobs, probs_cap;
	long nerrors, nwarnings, dropped;    /* dropped: problems over the list's cap */
	char file[ARB_ERROR_NAME_SHOWN + 1]; /* the name messages start with (cut there) */
	arb_tournament_info as_read;         /* the event as read: a record is rewritten
					     only when the model's field differs */
	int nomem;                           /* sticky: an allocation failed (reported once) */
};

/* ---- tournament.c: the model's life ---- */

/* Grows every player to at least `rounds` cells (empty ones: 0 '-' ' ').
 * 0, or -1 with t->nomem set. */
int arbI_tournament_reserve_rounds(struct arb_tournament *t, int rounds);
/* Adds a player (a copy of *p without cells; p->line kept) and returns its
 * index, keeping `players` sorted by id and `byid` up to date; -1 with
 * t->nomem set. The id must be free (checked by the caller). */
int arbI_tournament_insert(struct arb_tournament *t, const tplayer *p);
/* The value of a cell by the point system, in tenths (' ': 0). */
int arbI_tcell_points(const tpoints *pts, const tcell *c);
/* Player i's points over the rounds played. */
int arbI_tournament_count_points(const struct arb_tournament *t, int i);
/* The default point system. */
void arbI_tpoints_default(tpoints *p);
/* Appends a record (its text copied); its index, or -1 with t->nomem set. */
int arbI_tournament_add_record(struct arb_tournament *t, const char *code, const char *text,
			       size_t len, char eol);

/* Appends group g (its ids array is taken over: freed on failure too);
 * 0, or -1 with t->nomem set. */
int arbI_tournament_add_prohibit(struct arb_tournament *t, const tprohibit *g);
/* Parses the round range and ids of a 260 line into *g (ids malloc'ed;
 * ARB_TRF_ID_MAX at most). 0, or the 1-based column of an error with why
 * filled (-1: out of memory). In trf.c. */
int arbI_trf_parse_260(const char *s, size_t len, tprohibit *g, char *why, size_t whyn);

#endif /* ARBITER_TOURNAMENT_H */
