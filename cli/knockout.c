/*
 * knockout.c -- `arbiter tournament knockout`: a knockout event of matches
 * with play-offs, run from its files.
 *
 *   knockout SEEDS.txt|FILE.trf --match STAGES [--playoff STAGES]
 *            [--pgn GAMES.pgn ...] [--game W-B=RES ...] [--next]
 *            [--rule-path DIR]
 *
 * Nothing is stored but the director's files: the players (a list of
 * names in seed order, or a TRF file, seeds by pairing number), the
 * schedule, and the games played so far. Each run replays the games in
 * order onto the bracket: a game belongs to the match its two players are
 * playing, is adjudicated under the profile of the stage that match is in
 * (its TimeControl the stage's when the PGN has none), and its TRF code is
 * the game's result; a match decided sends its winner on. Then the bracket
 * is printed, or with --next the games to play now, one a line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicate.h"
#include "tournament.h"

#define CMD "tournament"
#define NAME_MAX_LEN 64

void cli_tournament_knockout_usage(FILE *out)
{
	fputs("       arbiter tournament knockout SEEDS.txt|FILE.trf --match STAGES\n"
	      "                              [--playoff STAGES] [--pgn GAMES.pgn ...]\n"
	      "                              [--game W-B=RES ...] [--next] [--rule-path DIR]\n"
	      "                              [--chess960 SEED [--chess960-per round|board|pair]\n"
	      "                              [--double960]]\n"
	      "\n"
	      "  knockout    a knockout of matches: SEEDS.txt names the players in seed\n"
	      "              order, one a line (# comments), or FILE.trf's players are\n"
	      "              seeded by pairing number; seeds 1 v N, 2 v N-1, ..., 1 and 2\n"
	      "              only in the final, byes to the top seeds. STAGES: 'COUNT\n"
	      "              games PROFILE TC [draw-odds] [sudden-death] [white=lot]' joined\n"
	      "              by ';' (--match: the match, --playoff: its play-offs for a\n"
	      "              tie, e.g. '2 games fide2023-rapid 900+10; 1 game armageddon\n"
	      "              W300-B240'); --pgn: the games played, in order, each\n"
	      "              adjudicated under its stage's profile; --game 3-7=1-0 by\n"
	      "              seed; prints the bracket, or with --next the games to play:\n"
	      "              `ROUND MATCH STAGE GAME WHITE BLACK PROFILE TC [lot] [960=N]`;\n"
	      "              a Chess960 knockout (--chess960 SEED, or FILE.trf's notes of\n"
	      "              `new --chess960`) gives each game's start position N (W-B with\n"
	      "              --double960): per round one a round; per board one a match,\n"
	      "              the (M)-th of `arbiter 960 --rounds 960 --seed SEED+ROUND`;\n"
	      "              per pair one per two games of a stage (colours reversed), pair\n"
	      "              p (from 0, counted across the stages) of match M the\n"
	      "              ((M-1)*P+p+1)-th, P the pairs a match can play\n",
	      out);
}

typedef struct player {
	int id;
	char name[NAME_MAX_LEN];
	char fide_id[16];
} player;

typedef struct event {
	player *p;
	int n;
	arb_match_schedule s;
	arb_knockout *k;
	arb_match **m; /* m[base(r) + i]: match i of round r once its players are known */
	int *base;     /* base[r] */
	const char *rule_path;
	struct {
		char spec[ARB_MATCH_PROFILE_MAX];
		arb_profile *profile;
	} cache[ARB_MATCH_STAGES_MAX];
	int ncache, failed, applied, quiet;
	arb_tournament_960 c960; /* a Chess960 knockout (the TRF's notes, or the options) */
} event;

/* ---- the players ------------------------------------------------------------ */

static int read_seeds(const char *path, event *ev)
{
	FILE *f = fopen(path, "r");
	char line[512];
	long no = 0;
	int cap = 0;
	if (!f) {
		cli_error(CMD, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		no++;
		size_t len = strlen(line);
		if (len == sizeof line - 1 && line[len - 1] != '\n') {
			cli_error(CMD, "%s:%ld: a line longer than %zu bytes", path, no,
				  sizeof line - 2);
			goto fail;
		}
		char *s = line, *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		while (*s == ' ' || *s == '\t')
			s++;
		len = strlen(s);
		while (len && strchr(" \t\r\n", s[len - 1]))
			s[--len] = '\0';
		if (!len)
			continue;
		if (len >= NAME_MAX_LEN) {
			cli_error(CMD, "%s:%ld:1: a name longer than %d bytes", path, no,
				  NAME_MAX_LEN - 1);
			goto fail;
		}
		for (int i = 0; i < ev->n; i++)
			if (!strcmp(ev->p[i].name, s)) {
				cli_error(CMD, "%s:%ld:1: '%s' is seed %d already", path, no, s,
					  i + 1);
				goto fail;
			}
		if (ev->n == ARB_KNOCKOUT_MAX_PLAYERS) {
			cli_error(CMD, "%s:%ld: more than %d players", path, no,
				  ARB_KNOCKOUT_MAX_PLAYERS);
			goto fail;
		}
		if (ev->n == cap) {
			player *q = realloc(ev->p, sizeof *q * (size_t)(cap = cap ? 2 * cap : 16));
			if (!q) {
				cli_error(CMD, "out of memory");
				goto fail;
			}
			ev->p = q;
		}
		memset(&ev->p[ev->n], 0, sizeof ev->p[0]);
		ev->p[ev->n].id = ev->n + 1;
		memcpy(ev->p[ev->n].name, s, len + 1);
		ev->n++;
	}
	if (ferror(f)) {
		cli_error(CMD, "cannot read %s: %s", path, strerror(errno));
		goto fail;
	}
	fclose(f);
	return 0;
fail:
	fclose(f);
	return -1;
}

static int by_id(const void *a, const void *b)
{
	return ((const player *)a)->id - ((const player *)b)->id;
}

static int read_trf(const char *path, event *ev)
{
	int bad = 0;
	arb_tournament *t = cli_tournament_load(path, &bad);
	if (!t)
		return -1;
	if (bad) {
		cli_error(CMD, "%s has broken lines: no knockout made", path);
		arb_tournament_free(t);
		return -1;
	}
	int n = arb_tournament_player_count(t);
	ev->p = calloc((size_t)(n ? n : 1), sizeof *ev->p);
	if (!ev->p) {
		arb_tournament_free(t);
		cli_error(CMD, "out of memory");
		return -1;
	}
	for (int i = 0; i < n; i++) {
		arb_tournament_player pl;
		arb_tournament_get_player(t, i, &pl);
		ev->p[i].id = pl.id;
		snprintf(ev->p[i].name, sizeof ev->p[i].name, "%s", pl.name);
		snprintf(ev->p[i].fide_id, sizeof ev->p[i].fide_id, "%s", pl.fide_id);
	}
	ev->n = n;
	arb_error err;
	if (arb_tournament_get_960(t, &ev->c960, &err) != ARB_OK) {
		cli_error(CMD, "%s: %s", path, err.message);
		arb_tournament_free(t);
		return -1;
	}
	arb_tournament_free(t);
	qsort(ev->p, (size_t)n, sizeof *ev->p, by_id); /* seeds by pairing number */
	return 0;
}

static const player *player_by_id(const event *ev, int id)
{
	for (int i = 0; i < ev->n; i++)
		if (ev->p[i].id == id)
			return &ev->p[i];
	return NULL;
}

static const char *name_of(const event *ev, int id)
{
	const player *p = player_by_id(ev, id);
	return p ? p->name : "?";
}

static int seed_of(const event *ev, int id)
{
	const player *p = player_by_id(ev, id);
	return p ? (int)(p - ev->p) + 1 : 0;
}

/* The player a PGN game names for `side`: by FIDE id when the game and the
 * player have one, else by name. 0 none, -1 two. */
static int player_of(const event *ev, const arb_record *rec, const char *side)
{
	char tag[32];
	snprintf(tag, sizeof tag, "%sFideId", side);
	const char *fid = arb_record_tag(rec, tag), *name = arb_record_tag(rec, side);
	int found = 0;
	for (int i = 0; i < ev->n; i++) {
		const player *p = &ev->p[i];
		int hit = fid && fid[0] && p->fide_id[0] ? !strcmp(fid, p->fide_id) :
							   name && !strcmp(name, p->name);
		if (hit) {
			if (found)
				return -1;
			found = p->id;
		}
	}
	return found;
}

/* ---- the bracket ------------------------------------------------------------ */

/* Makes the matches whose players have become known; -1 out of memory. */
static int open_matches(event *ev)
{
	for (int r = 1; r <= arb_knockout_rounds(ev->k); r++)
		for (int i = 0; i < arb_knockout_matches(ev->k, r); i++) {
			arb_knockout_match km;
			arb_knockout_match_get(ev->k, r, i, &km);
			if (ev->m[ev->base[r] + i] || km.bye || !km.a || !km.b)
				continue;
			/* the better seed has White in game 1 (docs/knockout.md) */
			int first = km.seed_a < km.seed_b ? km.a : km.b;
			if (arb_match_new(&ev->s, first, first == km.a ? km.b : km.a,
					  &ev->m[ev->base[r] + i]) != ARB_OK)
				return -1;
		}
	return 0;
}

/* The match a and b are playing now: *round, *index; NULL if none. */
static arb_match *match_of(const event *ev, int a, int b, int *round, int *index)
{
	for (int r = 1; r <= arb_knockout_rounds(ev->k); r++)
		for (int i = 0; i < arb_knockout_matches(ev->k, r); i++) {
			arb_knockout_match km;
			arb_knockout_match_get(ev->k, r, i, &km);
			if (km.winner || !ev->m[ev->base[r] + i])
				continue;
			if ((km.a == a && km.b == b) || (km.a == b && km.b == a)) {
				*round = r;
				*index = i;
				return ev->m[ev->base[r] + i];
			}
		}
	return NULL;
}

/* Records White's code in the match of white and black; where names the
 * game in messages. 0, or -1 after a message. */
static int record(event *ev, int white, int black, char code, const char *where)
{
	int r, i;
	arb_match *m = match_of(ev, white, black, &r, &i);
	arb_error err;
	if (!m) {
		cli_error(CMD, "%s: %d-%d is not a match being played", where, white, black);
		return -1;
	}
	if (arb_match_record(m, white, code, &err) != ARB_OK) {
		cli_error(CMD, "%s: round %d, match %d: %s", where, r, i + 1, err.message);
		return -1;
	}
	arb_match_state st;
	arb_match_get(m, &st);
	if (st.status == ARB_MATCH_DRAWN) {
		cli_error(CMD,
			  "%s: round %d, match %d: level after every stage; a knockout needs "
			  "a play-off that ends in a decision (an Armageddon)",
			  where, r, i + 1);
		return -1;
	}
	if (st.status == ARB_MATCH_WON) {
		if (arb_knockout_set_winner(ev->k, r, i, st.winner, &err) != ARB_OK) {
			cli_error(CMD, "%s: %s", where, err.message);
			return -1;
		}
		if (open_matches(ev) != 0) {
			cli_error(CMD, "out of memory");
			return -1;
		}
	}
	ev->applied++;
	return 0;
}

static arb_profile *profile_for(event *ev, const char *spec)
{
	for (int i = 0; i < ev->ncache; i++)
		if (!strcmp(ev->cache[i].spec, spec))
			return ev->cache[i].profile;
	arb_profile *p = cli_profile_open(CMD, spec, ev->rule_path, NULL);
	if (p && ev->ncache < ARB_MATCH_STAGES_MAX) {
		snprintf(ev->cache[ev->ncache].spec, sizeof ev->cache[0].spec, "%s", spec);
		ev->cache[ev->ncache++].profile = p;
	}
	return p;
}

static int pgn_game(arb_record *rec, const char *name, long number, void *ctx)
{
	event *ev = ctx;
	char where[512];
	snprintf(where, sizeof where, "%s: game %ld", name, number);
	int w = player_of(ev, rec, "White"), b = player_of(ev, rec, "Black");
	if (w <= 0 || b <= 0) {
		const char *side = w <= 0 ? "White" : "Black", *tag = arb_record_tag(rec, side);
		cli_error(CMD, "%s: %s '%s' is %s of the knockout", where, side, tag ? tag : "",
			  (w <= 0 ? w : b) < 0 ? "two players" : "no player");
		ev->failed = 1;
		return 0;
	}
	int r, i;
	arb_match *m = match_of(ev, w, b, &r, &i);
	if (!m) {
		cli_error(CMD, "%s: %s - %s is not a match being played", where, name_of(ev, w),
			  name_of(ev, b));
		ev->failed = 1;
		return 0;
	}
	arb_match_state st;
	arb_match_get(m, &st);
	const arb_match_stage *stage = &arb_match_schedule_of(m)->stage[st.stage];
	/* the stage's clock when the game does not name one */
	const char *tc = arb_record_tag(rec, "TimeControl");
	if ((!tc || !tc[0] || !strcmp(tc, "?")) &&
	    arb_record_set_tag(rec, "TimeControl", stage->tc) != ARB_OK) {
		cli_error(CMD, "out of memory");
		return -1;
	}
	arb_profile *profile = profile_for(ev, stage->profile);
	if (!profile) {
		ev->failed = 1;
		return -1;
	}
	arb_error err;
	arb_game *g = arb_game_from_record(rec, arb_profile_rules(profile), &err);
	if (!g) {
		cli_error(CMD, "%s: %s", where, err.message);
		ev->failed = 1;
		return err.code == ARB_E_NOMEM ? -1 : 0;
	}
	arb_game_result res;
	arb_game_result_get(g, &res);
	arb_game_free(g);
	if (!res.trf[0][0]) {
		cli_error(CMD, "%s: the game is not over (%s)", where, res.result);
		ev->failed = 1;
		return 0;
	}
	if (res.trf[0][0] == '-' && res.trf[1][0] == '-') {
		cli_error(CMD, "%s: a double forfeit decides no match (docs/knockout.md)", where);
		ev->failed = 1;
		return 0;
	}
	if (record(ev, w, b, res.trf[0][0], where) != 0) {
		ev->failed = 1;
		return 0;
	}
	if (!ev->quiet)
		fprintf(stderr,
			"arbiter: %s: round %d, match %d, stage %d, game %d: %s - %s %s under %s (%s%s%s)\n",
			where, r, i + 1, st.stage + 1, st.game, name_of(ev, w), name_of(ev, b),
			res.result, stage->profile, res.reason, res.article[0] ? ", " : "",
			res.article);
	return 0;
}

/* "--game W-B=RES": seeds and a result. */
static int manual_game(event *ev, const char *text)
{
	int w, b, n = 0;
	char res[16], where[64], code = 0;
	snprintf(where, sizeof where, "--game %s", text);
	if (sscanf(text, "%d-%d=%15s%n", &w, &b, res, &n) == 3 && text[n] == '\0')
		code = !strcmp(res, "1-0")                          ? '1' :
		       !strcmp(res, "0-1")                          ? '0' :
		       !strcmp(res, "1/2-1/2") || !strcmp(res, "=") ? '=' :
		       !strcmp(res, "+/-")                          ? '+' :
		       !strcmp(res, "-/+")                          ? '-' :
								      0;
	if (!code) {
		cli_error(CMD, "%s: not W-B=RESULT (seeds; RESULT 1-0, 0-1, 1/2-1/2, +/-, -/+)",
			  where);
		return -1;
	}
	if (w < 1 || w > ev->n || b < 1 || b > ev->n) {
		cli_error(CMD, "%s: seeds are 1 to %d", where, ev->n);
		return -1;
	}
	return record(ev, ev->p[w - 1].id, ev->p[b - 1].id, code, where);
}

/* ---- output ----------------------------------------------------------------- */

static void half(char *buf, size_t n, int halves)
{
	snprintf(buf, n, "%d%s", halves / 2, halves % 2 ? ".5" : "");
}

/* "1-1, 1-1, 0-1": each stage's score, a first (the match's first White). */
static void stage_scores(const arb_match *m, int a, char *buf, size_t n)
{
	int sc[ARB_MATCH_STAGES_MAX][2] = {{0}}, last = -1;
	arb_match_game g;
	for (int i = 0; arb_match_game_get(m, i, &g) == ARB_OK; i++) {
		sc[g.stage][g.white == a ? 0 : 1] += g.points[0];
		sc[g.stage][g.white == a ? 1 : 0] += g.points[1];
		last = g.stage;
	}
	size_t len = 0;
	buf[0] = '\0';
	for (int s = 0; s <= last && len < n; s++) {
		char x[16], y[16];
		half(x, sizeof x, sc[s][0]);
		half(y, sizeof y, sc[s][1]);
		len += (size_t)snprintf(buf + len, n - len, "%s%s-%s", s ? ", " : "", x, y);
	}
}

static const char *round_name(int r, int rounds)
{
	return r == rounds ? " (final)" : r == rounds - 1 ? " (semi-finals)" : "";
}

static void print_bracket(const event *ev)
{
	int rounds = arb_knockout_rounds(ev->k);
	char text[1024];
	printf("knockout: %d players, %d round%s\n", ev->n, rounds, rounds == 1 ? "" : "s");
	arb_match_schedule_format(&ev->s, 0, text, sizeof text);
	printf("schedule: %s\n", text);
	for (int r = 1; r <= rounds; r++) {
		printf("\nround %d%s\n", r, round_name(r, rounds));
		for (int i = 0; i < arb_knockout_matches(ev->k, r); i++) {
			arb_knockout_match km;
			arb_knockout_match_get(ev->k, r, i, &km);
			char a[96], b[96];
			snprintf(a, sizeof a, "[%d] %s", km.seed_a, km.a ? name_of(ev, km.a) : "?");
			snprintf(b, sizeof b, "[%d] %s", km.seed_b, km.b ? name_of(ev, km.b) : "?");
			if (km.bye) {
				printf("%4d  %s: a bye\n", i + 1, a);
				continue;
			}
			if (!km.a)
				snprintf(a, sizeof a, "?");
			if (!km.b)
				snprintf(b, sizeof b, "?");
			const arb_match *m = ev->m[ev->base[r] + i];
			if (!m) {
				printf("%4d  %s - %s\n", i + 1, a, b);
				continue;
			}
			arb_match_state st;
			arb_match_get(m, &st);
			char scores[256];
			int first = km.seed_a < km.seed_b ? km.a : km.b;
			stage_scores(m, first, scores, sizeof scores);
			const arb_match_stage *stage = &arb_match_schedule_of(m)->stage[st.stage];
			printf("%4d  %s - %s: ", i + 1, a, b);
			if (st.status == ARB_MATCH_WON)
				printf("%s won (%s, first White %s)\n", name_of(ev, st.winner),
				       scores, name_of(ev, first));
			else if (st.white)
				printf("%s%sgame %d of stage %d, %s White, %s %s\n", scores,
				       scores[0] ? "; " : "", st.game, st.stage + 1,
				       name_of(ev, st.white), stage->profile, stage->tc);
			else
				printf("%s%sgame %d of stage %d, colours by lot, %s %s\n", scores,
				       scores[0] ? "; " : "", st.game, st.stage + 1, stage->profile,
				       stage->tc);
		}
	}
	int w = arb_knockout_winner(ev->k);
	if (w)
		printf("\nwinner: [%d] %s\n", seed_of(ev, w), name_of(ev, w));
}

/* The Chess960 start position of game `game` of stage `stage` (from 0) of
 * match i of round r, as " 960=N" (double: " 960=W-B") into buf: per round
 * the round's; per board the match's (slot i + 1, every game); per pair
 * the pair's, games 2k-1 and 2k of a stage sharing one, numbered across the
 * match's stages (slot i * P + pair + 1, P the pairs a match can play).
 * "" when not a Chess960 knockout; -1 after a message. */
static int next_960(const event *ev, int r, int i, int stage, int game, char *buf, size_t n)
{
	const arb_tournament_960 *c = &ev->c960;
	int slot = 0, pairs = 0, pair = 0, w, b;
	arb_error err;
	buf[0] = '\0';
	if (!c->on)
		return 0;
	for (int k = 0; k < ev->s.nstages; k++) {
		if (k == stage)
			pair = pairs + (game - 1) / 2;
		pairs += (ev->s.stage[k].games + 1) / 2;
	}
	if (c->per == ARB_960_PER_BOARD)
		slot = i + 1;
	else if (c->per == ARB_960_PER_PAIR)
		slot = i * pairs + pair + 1;
	if (arb_chess960_event_draw(c->seed, c->dbl, arb_knockout_rounds(ev->k), r, slot, &w, &b,
				    &err) != ARB_OK) {
		cli_error(CMD, "knockout: the Chess960 draw: %s", err.message);
		return -1;
	}
	if (c->dbl)
		snprintf(buf, n, " 960=%d-%d", w, b);
	else
		snprintf(buf, n, " 960=%d", w);
	return 0;
}

static void print_next(event *ev)
{
	int r = arb_knockout_current_round(ev->k);
	if (r > arb_knockout_rounds(ev->k))
		return;
	for (int i = 0; i < arb_knockout_matches(ev->k, r); i++) {
		const arb_match *m = ev->m[ev->base[r] + i];
		arb_match_state st;
		if (!m || arb_match_get(m, &st) != ARB_OK || st.status != ARB_MATCH_PLAYING)
			continue;
		const arb_match_stage *stage = &arb_match_schedule_of(m)->stage[st.stage];
		arb_knockout_match km;
		arb_knockout_match_get(ev->k, r, i, &km);
		int first = km.seed_a < km.seed_b ? km.a : km.b;
		int white = st.white ? st.white : first;
		int black = white == km.a ? km.b : km.a;
		char c960[32];
		if (next_960(ev, r, i, st.stage, st.game, c960, sizeof c960) < 0) {
			ev->failed = 1;
			return;
		}
		printf("%d %d %d %d %d %d %s %s%s%s\n", r, i + 1, st.stage + 1, st.game,
		       seed_of(ev, white), seed_of(ev, black), stage->profile, stage->tc,
		       st.white ? "" : " lot", c960);
	}
}

/* ---- the command ------------------------------------------------------------ */

static int schedule_option(arb_match_schedule *s, const char *opt, const char *text)
{
	arb_error err;
	if (arb_match_schedule_add(s, text, &err) == ARB_OK)
		return 0;
	cli_error(CMD, "knockout: %s '%s': %s", opt, text, err.message);
	return -1;
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);
	return n >= k && !strcmp(s + n - k, tail);
}

int cli_tournament_knockout(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char **pgns = calloc((size_t)argc + 1, sizeof *pgns);
	const char **games = calloc((size_t)argc + 1, sizeof *games);
	const char *opt, *match = NULL, *playoff = NULL, *value, *seed = NULL, *per = NULL;
	int rc = CLI_OK, got, npgn = 0, ngames = 0, next = 0, dbl = 0;
	event ev;
	cli_argv it;
	memset(&ev, 0, sizeof ev);
	if (!operand || !pgns || !games) {
		cli_error(CMD, "out of memory");
		rc = CLI_FAIL;
		goto done;
	}
	cli_argv_init(&it, argc, argv, operand);
	while ((opt = cli_next_option(&it)) && rc == CLI_OK) {
		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			rc = CLI_DONE;
			break;
		}
		if ((got = cli_option_value(&it, CMD, "--match", &match)) != 0 ||
		    (got = cli_option_value(&it, CMD, "--playoff", &playoff)) != 0 ||
		    (got = cli_option_value(&it, CMD, "--rule-path", &ev.rule_path)) != 0)
			rc = got < 0 ? CLI_USAGE : CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--pgn", &value)) != 0) {
			rc = got < 0 ? CLI_USAGE : CLI_OK;
			pgns[npgn++] = value;
		} else if ((got = cli_option_value(&it, CMD, "--game", &value)) != 0) {
			rc = got < 0 ? CLI_USAGE : CLI_OK;
			games[ngames++] = value;
		} else if ((got = cli_option_value(&it, CMD, "--chess960", &seed)) != 0) {
			char *end;
			errno = 0;
			if (got > 0)
				(void)strtoull(seed, &end, 10);
			if (got > 0 && (errno || end == seed || *end || *seed == '-')) {
				cli_error(CMD, "--chess960: '%s' is not a seed (0 to 2^64-1)",
					  seed);
				got = -1;
			}
			rc = got < 0 ? CLI_USAGE : CLI_OK;
		} else if ((got = cli_option_value(&it, CMD, "--chess960-per", &per)) != 0) {
			if (got > 0 && strcmp(per, "round") && strcmp(per, "board") &&
			    strcmp(per, "pair")) {
				cli_error(CMD, "--chess960-per: round, board or pair, not '%s'",
					  per);
				got = -1;
			}
			rc = got < 0 ? CLI_USAGE : CLI_OK;
		} else if (!strcmp(opt, "--double960"))
			dbl = 1;
		else if (!strcmp(opt, "--next"))
			next = ev.quiet = 1;
		else {
			cli_error(CMD,
				  "knockout: unknown option '%s' (try 'arbiter help tournament')",
				  opt);
			rc = CLI_USAGE;
		}
	}
	if (rc == CLI_OK && (it.noperands != 1 || !match)) {
		cli_error(CMD, "knockout: SEEDS.txt or FILE.trf and --match expected (try "
			       "'arbiter help tournament')");
		rc = CLI_USAGE;
	}
	if (rc == CLI_OK && (schedule_option(&ev.s, "--match", match) != 0 ||
			     (playoff && schedule_option(&ev.s, "--playoff", playoff) != 0)))
		rc = CLI_USAGE;
	for (int i = 0; rc == CLI_OK && i < ev.s.nstages; i++)
		if (!profile_for(&ev, ev.s.stage[i].profile))
			rc = CLI_USAGE; /* every stage's profile loads before a game is read */
	if (rc == CLI_OK && (ends_with(operand[0], ".trf") || ends_with(operand[0], ".TRF") ?
				     read_trf(operand[0], &ev) :
				     read_seeds(operand[0], &ev)) != 0)
		rc = CLI_USAGE;
	if (rc == CLI_OK && (per || dbl) && !seed && !ev.c960.on) {
		cli_error(CMD, "knockout: %s goes with --chess960 SEED (or a Chess960 FILE.trf)",
			  per ? "--chess960-per" : "--double960");
		rc = CLI_USAGE;
	}
	if (seed) { /* the options win over the file's notes */
		ev.c960.on = 1;
		ev.c960.seed = (uint64_t)strtoull(seed, NULL, 10);
		ev.c960.per = ARB_960_PER_ROUND;
		ev.c960.dbl = 0;
	}
	if (per)
		ev.c960.per = !strcmp(per, "round") ? ARB_960_PER_ROUND :
			      !strcmp(per, "board") ? ARB_960_PER_BOARD :
						      ARB_960_PER_PAIR;
	if (dbl)
		ev.c960.dbl = 1;
	if (rc == CLI_OK && ev.n < 2) {
		cli_error(CMD, "knockout: %s has %d player%s: a knockout needs 2", operand[0], ev.n,
			  ev.n == 1 ? "" : "s");
		rc = CLI_USAGE;
	}
	if (rc == CLI_OK) {
		int *ids = malloc(sizeof *ids * (size_t)ev.n);
		for (int i = 0; ids && i < ev.n; i++)
			ids[i] = ev.p[i].id;
		if (!ids || arb_knockout_new(ids, ev.n, &ev.k) != ARB_OK) {
			cli_error(CMD, "out of memory");
			rc = CLI_FAIL;
		}
		free(ids);
	}
	if (rc == CLI_OK) {
		int rounds = arb_knockout_rounds(ev.k), total = 0;
		ev.base = calloc((size_t)rounds + 2, sizeof *ev.base);
		for (int r = 1; ev.base && r <= rounds; r++) {
			ev.base[r] = total;
			total += arb_knockout_matches(ev.k, r);
		}
		ev.m = calloc((size_t)total + 1, sizeof *ev.m);
		if (!ev.base || !ev.m || open_matches(&ev) != 0) {
			cli_error(CMD, "out of memory");
			rc = CLI_FAIL;
		}
	}
	for (int i = 0; rc == CLI_OK && i < npgn; i++) {
		cli_games count = {0, 0, 0};
		if (cli_read_games(CMD, pgns[i], 0, NULL, pgn_game, &ev, &count) < 0 ||
		    count.io_failed)
			rc = ev.failed ? CLI_FAIL : CLI_USAGE;
		else if (count.bad)
			ev.failed = 1;
	}
	for (int i = 0; rc == CLI_OK && i < ngames; i++)
		if (manual_game(&ev, games[i]) != 0)
			ev.failed = 1;
	if (rc == CLI_OK || (rc == CLI_FAIL && ev.k && ev.m)) {
		if (next)
			print_next(&ev);
		else
			print_bracket(&ev);
		if (ev.failed)
			rc = CLI_FAIL;
	}
done:
	if (ev.m)
		for (int r = 1; r <= arb_knockout_rounds(ev.k); r++)
			for (int i = 0; i < arb_knockout_matches(ev.k, r); i++)
				arb_match_free(ev.m[ev.base[r] + i]);
	for (int i = 0; i < ev.ncache; i++)
		arb_profile_free(ev.cache[i].profile);
	free(ev.m);
	free(ev.base);
	arb_knockout_free(ev.k);
	free(ev.p);
	free(operand);
	free(pgns);
	free(games);
	return rc == CLI_DONE ? CLI_OK : rc;
}
