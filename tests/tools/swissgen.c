/*
 * swissgen.c -- seeded random Swiss tournaments, written round by round as
 * TRF for the pairing tests (tests/cli/swiss_random.py).
 *
 *   swissgen --seed S --players N --rounds R --out DIR [--pair CMD]
 *            [--dialect trf26|trf16] [--eol cr|lf|crlf] [--features LIST]
 *
 * Before each round K it writes DIR/round-K.trf (the tournament as it
 * stands before round K, as the reference cases of data/tournaments/swiss
 * are), runs the pairing command on it, keeps its answer as DIR/round-K.pairs
 * (its standard error as DIR/round-K.err), applies it, draws the results and
 * goes on; after the last round DIR/final.trf holds the finished event. CMD
 * is a shell command in which {} stands for the file (appended when there
 * is no {}); default `arbiter tournament pair {} --boards`. Its output is
 * read in the .pairs form: `WHITE BLACK` a board, `ID bye U`, `ID bye H|F|Z`.
 *
 * The tournament is a pure function of (seed, players, rounds) and the
 * options: players 5..2000 (late entrants included), ratings 1000..2800
 * rounded to a step the seed picks (so ties), a few unrated, titles, names.
 * The features, each on or off from the seed unless --features names the
 * ones wanted (comma separated, "none" or "all"):
 *
 *   unrated    some players without a rating
 *   hpb        requested half-point byes (H)
 *   zpb        absences for a round, zero-point byes (Z)
 *   fpb        a few full-point byes (F)
 *   withdraw   players withdrawn for good (Z from that round on)
 *   late       late entrants: absent from the files before their round,
 *              the next pairing numbers, Z (sometimes H) for rounds missed
 *   forfeit    one-sided forfeits (+ -, colour kept)
 *   dforfeit   double forfeits (- -)
 *   baku       Baku acceleration (C.04.5.1) as 250 records, 192 ..._BAKU
 *              (TRF-2026 only)
 *   prohibit   prohibited pairs, 260 records (TRF-2026 only)
 *   scoring    162 with W 3.0 D 1.0 L 0.0 P 3.0, or a half-point PAB
 *              (TRF-2026 only, not with baku)
 *   future     240 records of later rounds' known byes (TRF-2026 only)
 *   blank      absences of finished rounds as blank cells (TRF-16 only)
 *
 * TRF-2026 (default from the seed: trf26 two times in three): 142, 152,
 * 162, 192, round K's byes as 240 records, points without round K. TRF-16:
 * XXR, XXC, round K's byes written in its column, points with them
 * (JaVaFo's convention). Line ends CR, LF or CRLF from the seed.
 *
 * Exit status: 0 every round paired; 1 the pairing command failed (its
 * message in round-K.err: perhaps no legal pairing exists); 3 its answer
 * is not a pairing of the round (each problem on stderr); 2 bad usage or
 * a file that cannot be written. Plain C11 and libm; it does not link
 * arbiter.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PLAYERS 2000
#define MAX_ROUNDS 30
#define NAME_LEN 34

enum feature {
	F_UNRATED,
	F_HPB,
	F_ZPB,
	F_FPB,
	F_WITHDRAW,
	F_LATE,
	F_FORFEIT,
	F_DFORFEIT,
	F_BAKU,
	F_PROHIBIT,
	F_SCORING,
	F_FUTURE,
	F_BLANK,
	F_COUNT
};

static const char *const feature_names[F_COUNT] = {
	"unrated",  "hpb",  "zpb",      "fpb",     "withdraw", "late",  "forfeit",
	"dforfeit", "baku", "prohibit", "scoring", "future",   "blank",
};

/* One round's cell of a player: opponent (0: none), colour, result. */
typedef struct cell {
	int opp;
	char colour; /* 'w', 'b', '-' */
	char result; /* 1 = 0 + - W D L U H F Z; 0: not played yet */
} cell;

typedef struct player {
	char name[NAME_LEN];
	char title[4];
	char fed[4];
	char sex;
	int rating;   /* 0: unrated */
	int strength; /* the rating the results are drawn from */
	long fide_id; /* 0: none */
	int birth_year, birth_month, birth_day;
	int entry;                /* the first round played (1: from the start) */
	char bye[MAX_ROUNDS + 1]; /* pre-assigned bye of round r: H F Z, or 0 */
	cell cells[MAX_ROUNDS + 1];
} player;

typedef struct tourn {
	int n; /* players, late entrants included */
	int rounds;
	int trf16;
	const char *eol;
	int feature[F_COUNT];
	int win, draw, pab; /* points, in tenths */
	int step;           /* rating step */
	int draw_rate;      /* percent */
	int white_first;
	int groups, group[4][5], group_len[4]; /* prohibited pairs */
	char event[64], city[32], fed[4];
	player p[MAX_PLAYERS + 1]; /* 1-based by pairing number */
} tourn;

/* ------------------------------------------------------------------------
 * Random numbers: SplitMix64, a pure function of the seed
 * ---------------------------------------------------------------------- */

static uint64_t rng_state;

static uint64_t next64(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* A number in 0..m-1 (m >= 1). */
static int below(int m)
{
	return (int)(next64() % (uint64_t)m);
}

/* True with probability per/1000. */
static int chance(int per_mille)
{
	return below(1000) < per_mille;
}

static void die(const char *what, const char *arg)
{
	fprintf(stderr, "swissgen: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

static void usage(void)
{
	fputs("usage: swissgen --seed S --players N --rounds R --out DIR [--pair CMD]\n"
	      "                [--dialect trf26|trf16] [--eol cr|lf|crlf] [--features LIST]\n"
	      "  N 5..2000, R 1..30; LIST: comma separated, of unrated hpb zpb fpb withdraw\n"
	      "  late forfeit dforfeit baku prohibit scoring future blank, or none, all\n",
	      stderr);
	exit(2);
}

/* ------------------------------------------------------------------------
 * The players
 * ---------------------------------------------------------------------- */

static const char *const surnames[] = {
	"Adams",     "Bauer",   "Carlsen",  "Dubois",    "Eriksen", "Fischer", "Garcia",
	"Horvat",    "Ivanov",  "Jansen",   "Kowalski",  "Larsen",  "Moreau",  "Nakamura",
	"Olsen",     "Petrov",  "Quinn",    "Rossi",     "Schmidt", "Tanaka",  "Uhlmann",
	"Varga",     "Weber",   "Xu",       "Yilmaz",    "Zhang",   "Aronian", "Bologan",
	"Chen",      "Dvorak",  "Esposito", "Fernandez", "Gelfand", "Hansen",  "Ibrahim",
	"Jovanovic", "Kovacs",  "Lopez",    "Meier",     "Novak",   "Ortiz",   "Popescu",
	"Ramirez",   "Sokolov", "Torres",   "Urban",     "Vasquez", "Wojcik",  "Yusupov",
	"Zielinski",
};
static const char *const firstnames[] = {
	"Anna",   "Boris",  "Clara",  "David",  "Elena",  "Felix", "Greta",  "Hugo", "Irina",
	"Jonas",  "Katja",  "Leon",   "Maria",  "Nikola", "Olga",  "Pavel",  "Rosa", "Sven",
	"Tamara", "Viktor", "Wanda",  "Yuri",   "Zora",   "Adam",  "Bianca", "Carl", "Dora",
	"Emil",   "Fiona",  "Gustav", "Hanna",  "Igor",   "Julia", "Karl",   "Lena", "Milan",
	"Nora",   "Oskar",  "Petra",  "Rafael", "Sofia",  "Tomas", "Ursula", "Vera", "Walter",
	"Xenia",  "Yara",   "Zoltan", "Alma",   "Bruno",
};
static const char *const feds[] = {"GER", "FRA", "ESP", "ITA", "NED", "POL", "HUN", "CZE",
				   "SRB", "NOR", "SWE", "USA", "IND", "CHN", "ARM", "ENG"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const char *const title_order[] = {"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", ""};

static int title_rank(const char *t)
{
	for (int i = 0; i < COUNT(title_order); i++)
		if (strcmp(t, title_order[i]) == 0)
			return i;
	return COUNT(title_order);
}

static void make_player(tourn *t, player *p, int index)
{
	/* unique names: index spread over the 2,500 combinations */
	int k = (index * 1223) % (COUNT(surnames) * COUNT(firstnames));
	snprintf(p->name, sizeof p->name, "%s, %s", surnames[k % COUNT(surnames)],
		 firstnames[k / COUNT(surnames)]);
	p->sex = chance(250) ? 'w' : 'm';
	int strength = 1000 + below(1800);
	strength = 1000 + (strength - 1000) * (strength - 1000) / 1800; /* more weak players */
	p->strength = strength;
	p->rating = strength / t->step * t->step;
	if (p->rating < 1000)
		p->rating = 1000;
	if (t->feature[F_UNRATED] && chance(120))
		p->rating = 0;
	const char *title = "";
	if (p->rating >= 2500 && chance(700))
		title = p->sex == 'w' && chance(500) ? "WGM" : "GM";
	else if (p->rating >= 2350 && chance(600))
		title = p->sex == 'w' && chance(500) ? "WIM" : "IM";
	else if (p->rating >= 2200 && chance(500))
		title = p->sex == 'w' && chance(500) ? "WFM" : "FM";
	else if (p->rating >= 2000 && chance(200))
		title = p->sex == 'w' && chance(500) ? "WCM" : "CM";
	snprintf(p->title, sizeof p->title, "%s", title);
	snprintf(p->fed, sizeof p->fed, "%s", feds[below(COUNT(feds))]);
	p->fide_id = chance(900) ? 100000 + (long)(next64() % 900000000ULL) : 0;
	p->birth_year = 1940 + below(70);
	p->birth_month = 1 + below(12);
	p->birth_day = 1 + below(28);
	p->entry = 1;
}

/* Initial ranking: rating descending (unrated last), title, name. */
static int by_ranking(const void *a, const void *b)
{
	const player *x = a, *y = b;
	if (x->rating != y->rating)
		return x->rating > y->rating ? -1 : 1;
	int tx = title_rank(x->title), ty = title_rank(y->title);
	if (tx != ty)
		return tx < ty ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Late entrants after the others: by entry round, then by ranking. */
static int by_entry(const void *a, const void *b)
{
	const player *x = a, *y = b;
	if (x->entry != y->entry)
		return x->entry < y->entry ? -1 : 1;
	return by_ranking(a, b);
}

/* Players present in round r's file (entered by then). */
static int present(const player *p, int r)
{
	return p->entry <= r;
}

/* Whether p is to be paired in round r. */
static int active(const player *p, int r)
{
	return present(p, r) && !p->bye[r];
}

static void schedule(tourn *t)
{
	int n = t->n, rounds = t->rounds;
	/* late entrants: about one in twelve, entering in rounds 2..ceil(R/2)+1 */
	if (t->feature[F_LATE] && rounds >= 2) {
		for (int i = 1; i <= n; i++)
			if (chance(80) && n - i >= 4)
				t->p[i].entry = 2 + below((rounds + 1) / 2);
	}
	qsort(t->p + 1, (size_t)n, sizeof t->p[1], by_entry);
	for (int i = 1; i <= n; i++) {
		player *p = &t->p[i];
		for (int r = 1; r < p->entry; r++) {
			p->cells[r].opp = 0;
			p->cells[r].colour = '-';
			p->cells[r].result = r == p->entry - 1 && chance(300) ? 'H' : 'Z';
		}
		if (t->feature[F_WITHDRAW] && rounds >= 2 && chance(60)) {
			int w = 2 + below(rounds - 1);
			for (int r = w > p->entry ? w : p->entry + 1; r <= rounds; r++)
				p->bye[r] = 'Z';
		}
		for (int r = p->entry; r <= rounds; r++) {
			if (p->bye[r])
				continue;
			if (t->feature[F_HPB] && chance(35))
				p->bye[r] = 'H';
			else if (t->feature[F_ZPB] && chance(20))
				p->bye[r] = 'Z';
			else if (t->feature[F_FPB] && chance(4))
				p->bye[r] = 'F';
		}
	}
	/* at least half the field (and 2 players) paired in every round */
	for (int r = 1; r <= rounds; r++) {
		int here = 0, paired = 0;
		for (int i = 1; i <= n; i++) {
			here += present(&t->p[i], r);
			paired += active(&t->p[i], r);
		}
		for (int i = n; i >= 1 && (paired < 2 || 2 * paired < here); i--)
			if (present(&t->p[i], r) && t->p[i].bye[r]) {
				t->p[i].bye[r] = 0;
				paired++;
			}
	}
	/* prohibited pairs: 1..3 groups of 2..4 players entered at the start */
	int starters = 0;
	while (starters < n && t->p[starters + 1].entry == 1)
		starters++;
	if (t->feature[F_PROHIBIT] && starters >= 8) {
		t->groups = 1 + below(3);
		int used[MAX_PLAYERS + 1] = {0}, left = starters;
		for (int g = 0; g < t->groups; g++) {
			/* no more groups than the starters fill (8 starters could be
			 * asked for 12: the draw below never ended) */
			if (left < 2) {
				t->groups = g;
				break;
			}
			t->group_len[g] = 2 + below(3);
			if (t->group_len[g] > left)
				t->group_len[g] = left;
			left -= t->group_len[g];
			for (int k = 0; k < t->group_len[g]; k++) {
				int id;
				do
					id = 1 + below(starters);
				while (used[id]);
				used[id] = 1;
				t->group[g][k] = id;
			}
			/* ascending ids */
			for (int a = 0; a < t->group_len[g]; a++)
				for (int b = a + 1; b < t->group_len[g]; b++)
					if (t->group[g][b] < t->group[g][a]) {
						int x = t->group[g][a];
						t->group[g][a] = t->group[g][b];
						t->group[g][b] = x;
					}
		}
	}
}

/* ------------------------------------------------------------------------
 * Writing TRF
 * ---------------------------------------------------------------------- */

static int starters_of(const tourn *t)
{
	int s = 0;
	while (s < t->n && t->p[s + 1].entry == 1)
		s++;
	return s;
}

/* Points in tenths of rounds 1..upto. */
static int points(const tourn *t, const player *p, int upto)
{
	int sum = 0;
	for (int r = 1; r <= upto; r++) {
		switch (p->cells[r].result) {
		case '1':
		case '+':
		case 'W':
		case 'F':
			sum += t->win;
			break;
		case '=':
		case 'D':
		case 'H':
			sum += t->draw;
			break;
		case 'U':
			sum += t->pab;
			break;
		default:
			break;
		}
	}
	return sum;
}

static void put_line(FILE *f, const tourn *t, const char *line)
{
	/* trailing spaces trimmed, as in the reference files */
	size_t n = strlen(line);
	while (n > 0 && line[n - 1] == ' ')
		n--;
	fwrite(line, 1, n, f);
	fputs(t->eol, f);
}

/* The 240 records of round r's byes of type c (ids of players present at
 * round k), 20 ids a line. */
static void put_240(FILE *f, const tourn *t, int k, int r, char c)
{
	char line[256];
	int len = 0, count = 0;
	for (int i = 1; i <= t->n; i++) {
		const player *p = &t->p[i];
		if (!present(p, k) || p->bye[r] != c || !present(p, r))
			continue;
		if (count == 0)
			len = snprintf(line, sizeof line, "240 %c %03d", c, r);
		len += snprintf(line + len, sizeof line - (size_t)len, " %4d", i);
		if (++count == 20) {
			put_line(f, t, line);
			count = 0;
		}
	}
	if (count)
		put_line(f, t, line);
}

/* The file before round k (k = rounds + 1: the finished event). */
static void write_trf(const tourn *t, int k, const char *path)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		die("cannot write", path);
	char line[128 + 10 * MAX_ROUNDS];
	int here = 0, rated = 0;
	for (int i = 1; i <= t->n; i++)
		if (present(&t->p[i], k <= t->rounds ? k : t->rounds)) {
			here++;
			rated += t->p[i].rating > 0;
		}
	snprintf(line, sizeof line, "012 %s", t->event);
	put_line(f, t, line);
	snprintf(line, sizeof line, "022 %s", t->city);
	put_line(f, t, line);
	snprintf(line, sizeof line, "032 %s", t->fed);
	put_line(f, t, line);
	put_line(f, t, "042 2026/03/02");
	put_line(f, t, "052 2026/03/12");
	snprintf(line, sizeof line, "062 %d", here);
	put_line(f, t, line);
	snprintf(line, sizeof line, "072 %d", rated);
	put_line(f, t, line);
	put_line(f, t, "092 Individual: Swiss system (Dutch)");
	put_line(f, t, "102 IA Test Arbiter");
	put_line(f, t, "122 90 min + 30 sec/move");
	if (!t->trf16) {
		snprintf(line, sizeof line, "142 %d", t->rounds);
		put_line(f, t, line);
		put_line(f, t, t->white_first ? "152 W" : "152 B");
		if (t->win != 10 || t->pab != 10)
			put_line(f, t,
				 t->win == 30 ? "162  W 3.0    D 1.0    L 0.0    P 3.0" :
						"162  W 1.0    D 0.5    L 0.0    P 0.5");
		put_line(f, t,
			 t->feature[F_BAKU] ? "192 FIDE_DUTCH_2026_BAKU" : "192 FIDE_DUTCH_2026");
	}
	/* the players present, ranked by points then id (informative) */
	int upto = k - 1 < t->rounds ? k - 1 : t->rounds;
	static int pts[MAX_PLAYERS + 1], rank[MAX_PLAYERS + 1];
	for (int i = 1; i <= t->n; i++) {
		pts[i] = points(t, &t->p[i], upto);
		if (t->trf16 && k <= t->rounds && present(&t->p[i], k))
			pts[i] += t->p[i].bye[k] == 'H' ? t->draw :
				  t->p[i].bye[k] == 'F' ? t->win :
							  0;
	}
	for (int i = 1; i <= t->n; i++) {
		rank[i] = 1;
		for (int j = 1; j <= t->n; j++)
			if (j != i && present(&t->p[j], k) &&
			    (pts[j] > pts[i] || (pts[j] == pts[i] && j < i)))
				rank[i]++;
	}
	for (int i = 1; i <= t->n; i++) {
		const player *p = &t->p[i];
		if (!present(p, k))
			continue;
		char rating[8] = "", fid[16] = "", birth[16];
		if (p->rating)
			snprintf(rating, sizeof rating, "%d", p->rating);
		if (p->fide_id)
			snprintf(fid, sizeof fid, "%ld", p->fide_id);
		snprintf(birth, sizeof birth, "%04d/%02d/%02d", p->birth_year % 10000,
			 p->birth_month % 100, p->birth_day % 100);
		int len = snprintf(line, sizeof line,
				   "001 %4d %c%3s %-33s %4s %3s %11s %10s %2d.%d %4d", i, p->sex,
				   p->title, p->name, rating, p->fed, fid, birth, pts[i] / 10,
				   pts[i] % 10, rank[i]);
		int last = upto;
		if (t->trf16 && k <= t->rounds && p->bye[k])
			last = k;
		for (int r = 1; r <= last; r++) {
			const cell *c = &p->cells[r];
			if (r == k) /* TRF-16: round k's pre-assigned bye */
				len += snprintf(line + len, sizeof line - (size_t)len,
						"  0000 - %c", p->bye[k]);
			else if (t->feature[F_BLANK] && c->opp == 0 && c->result == 'Z')
				len += snprintf(line + len, sizeof line - (size_t)len,
						"          ");
			else if (c->opp == 0)
				len += snprintf(line + len, sizeof line - (size_t)len,
						"  0000 - %c", c->result);
			else
				len += snprintf(line + len, sizeof line - (size_t)len,
						"  %4d %c %c", c->opp, c->colour, c->result);
		}
		put_line(f, t, line);
	}
	if (t->trf16) {
		snprintf(line, sizeof line, "XXR %d", t->rounds);
		put_line(f, t, line);
		put_line(f, t, t->white_first ? "XXC white1" : "XXC black1");
	} else {
		if (k <= t->rounds) {
			put_240(f, t, k, k, 'F');
			put_240(f, t, k, k, 'H');
			put_240(f, t, k, k, 'Z');
			for (int r = k + 1; t->feature[F_FUTURE] && r <= t->rounds; r++) {
				put_240(f, t, k, r, 'H');
				put_240(f, t, k, r, 'Z');
			}
		}
		if (t->feature[F_BAKU]) {
			int s = starters_of(t), ga = 2 * ((s + 3) / 4);
			if (ga > s)
				ga = s;
			int accel = (t->rounds + 1) / 2, full = (accel + 1) / 2;
			snprintf(line, sizeof line, "250 %4s %4s %3d %3d %4d %4d", "", "1.0", 1,
				 full, 1, ga);
			put_line(f, t, line);
			if (full < accel) {
				snprintf(line, sizeof line, "250 %4s %4s %3d %3d %4d %4d", "",
					 "0.5", full + 1, accel, 1, ga);
				put_line(f, t, line);
			}
		}
		for (int g = 0; g < t->groups; g++) {
			int len = snprintf(line, sizeof line, "260 %3d %3d", 1, t->rounds);
			for (int j = 0; j < t->group_len[g]; j++)
				len += snprintf(line + len, sizeof line - (size_t)len, " %4d",
						t->group[g][j]);
			put_line(f, t, line);
		}
	}
	if (fclose(f) != 0)
		die("cannot write", path);
}

/* ------------------------------------------------------------------------
 * A round: the pairing command, its answer, the results
 * ---------------------------------------------------------------------- */

/* The command line: CMD with {} replaced by the file, quoted. */
static void build_command(char *out, size_t cap, const char *cmd, const char *trf,
			  const char *pairs, const char *err)
{
	size_t len = 0;
	int placed = 0;
	char quoted[1200];
	snprintf(quoted, sizeof quoted, "'%s'", trf);
	for (const char *s = cmd; *s && len + 1 < cap; s++) {
		if (s[0] == '{' && s[1] == '}') {
			len += (size_t)snprintf(out + len, cap - len, "%s", quoted);
			s++;
			placed = 1;
		} else {
			out[len++] = *s;
		}
	}
	out[len < cap ? len : cap - 1] = '\0';
	if (len >= cap)
		die("command too long", cmd);
	if (!placed)
		len += (size_t)snprintf(out + len, cap - len, " %s", quoted);
	if (len < cap)
		snprintf(out + len, cap - len, " >'%s' 2>'%s'", pairs, err);
}

static int problems;

static void problem(int k, const char *fmt, int a, int b)
{
	fprintf(stderr, "swissgen: round %d: ", k);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	problems++;
}

/* The result of a game between white w and black b. */
static void play(tourn *t, int k, int w, int b)
{
	player *pw = &t->p[w], *pb = &t->p[b];
	char rw, rb;
	if (t->feature[F_DFORFEIT] && chance(8)) {
		rw = rb = '-';
	} else if (t->feature[F_FORFEIT] && chance(25)) {
		int white_wins = chance(500);
		rw = white_wins ? '+' : '-';
		rb = white_wins ? '-' : '+';
	} else {
		/* Elo expectation with +25 for White; draws from the event's rate */
		double expect = 1.0 / (1.0 + pow(10.0, (pb->strength - pw->strength - 25) / 400.0));
		double closeness = 1.0 - (expect > 0.5 ? 2 * expect - 1 : 1 - 2 * expect);
		int draw = (int)(t->draw_rate * 10 * (0.3 + 0.7 * closeness));
		int win = (int)(expect * (1000 - draw));
		int u = below(1000);
		if (u < draw)
			rw = rb = '=';
		else if (u < draw + win)
			rw = '1', rb = '0';
		else
			rw = '0', rb = '1';
	}
	pw->cells[k] = (cell){b, 'w', rw};
	pb->cells[k] = (cell){w, 'b', rb};
}

/* Reads round k's answer and applies it; 0 when it is a pairing of the round. */
static int apply_pairs(tourn *t, int k, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		die("cannot read", path);
	static int seen[MAX_PLAYERS + 1];
	memset(seen, 0, sizeof seen);
	char line[256];
	int pabs = 0, lineno = 0;
	int before = problems;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		int w, b, used = 0;
		char kind;
		if (sscanf(line, "%d bye %c %n", &w, &kind, &used) == 2 && used > 0) {
			if (w < 1 || w > t->n || !present(&t->p[w], k)) {
				problem(k, "line %d: no player %d", lineno, w);
				continue;
			}
			if (seen[w]++)
				problem(k, "line %d: player %d twice", lineno, w);
			if (kind == 'U') {
				if (pabs++)
					problem(k, "line %d: a second pairing-allocated bye (%d)",
						lineno, w);
				if (t->p[w].bye[k])
					problem(k, "line %d: %d has a pre-assigned bye, not U",
						lineno, w);
				t->p[w].cells[k] = (cell){0, '-', 'U'};
			} else if (kind != t->p[w].bye[k]) {
				problem(k, "line %d: bye of %d is not the one requested", lineno,
					w);
			}
		} else if (sscanf(line, "%d %d %n", &w, &b, &used) == 2 && used > 0) {
			if (w < 1 || w > t->n || b < 1 || b > t->n || w == b ||
			    !present(&t->p[w], k) || !present(&t->p[b], k)) {
				problem(k, "line %d: no such board (%d)", lineno, w);
				continue;
			}
			if (seen[w]++ || seen[b]++)
				problem(k, "line %d: a player twice (%d)", lineno, w);
			if (t->p[w].bye[k] || t->p[b].bye[k])
				problem(k, "line %d: a player with a pre-assigned bye paired (%d)",
					lineno, t->p[w].bye[k] ? w : b);
			play(t, k, w, b);
		} else {
			problem(k, "line %d: not a board or a bye", lineno, 0);
		}
	}
	fclose(f);
	for (int i = 1; i <= t->n; i++) {
		player *p = &t->p[i];
		if (!present(p, k))
			continue;
		if (!seen[i])
			problem(k, "player %d missing", i, 0);
		if (p->bye[k])
			p->cells[k] = (cell){0, '-', p->bye[k]};
	}
	return problems != before;
}

/* ------------------------------------------------------------------------
 * main
 * ---------------------------------------------------------------------- */

static long number(const char *s, long lo, long hi, const char *what)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v < lo || v > hi)
		die(what, s);
	return v;
}

static void set_features(tourn *t, const char *list)
{
	if (strcmp(list, "random") == 0)
		return;
	for (int i = 0; i < F_COUNT; i++)
		t->feature[i] = strcmp(list, "all") == 0;
	if (strcmp(list, "all") == 0 || strcmp(list, "none") == 0)
		return;
	const char *s = list;
	while (*s) {
		size_t n = strcspn(s, ",");
		int found = 0;
		for (int i = 0; i < F_COUNT; i++)
			if (strlen(feature_names[i]) == n && strncmp(s, feature_names[i], n) == 0)
				t->feature[i] = found = 1;
		if (!found)
			die("unknown feature", s);
		s += n;
		if (*s == ',')
			s++;
	}
}

int main(int argc, char **argv)
{
	static tourn t;
	long seed = -1;
	int n = 0, rounds = 0;
	const char *out = NULL, *cmd = "arbiter tournament pair {} --boards";
	const char *dialect = NULL, *eol = NULL, *features = "random";
	for (int i = 1; i < argc; i += 2) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v)
			usage();
		if (strcmp(a, "--seed") == 0)
			seed = number(v, 0, 0x7fffffffL, "bad seed");
		else if (strcmp(a, "--players") == 0)
			n = (int)number(v, 5, MAX_PLAYERS, "players must be 5..2000");
		else if (strcmp(a, "--rounds") == 0)
			rounds = (int)number(v, 1, MAX_ROUNDS, "rounds must be 1..30");
		else if (strcmp(a, "--out") == 0)
			out = v;
		else if (strcmp(a, "--pair") == 0)
			cmd = v;
		else if (strcmp(a, "--dialect") == 0)
			dialect = v;
		else if (strcmp(a, "--eol") == 0)
			eol = v;
		else if (strcmp(a, "--features") == 0)
			features = v;
		else
			usage();
	}
	if (seed < 0 || !n || !rounds || !out || strchr(out, '\''))
		usage();

	rng_state =
		(uint64_t)seed * 0x2545F4914F6CDD1DULL + (uint64_t)n * 1000003u + (uint64_t)rounds;
	t.n = n;
	t.rounds = rounds;
	for (int i = 0; i < F_COUNT; i++)
		t.feature[i] = chance(500);
	t.trf16 = below(3) == 0;
	int e = below(3);
	t.eol = e == 0 ? "\r" : e == 1 ? "\n" : "\r\n";
	set_features(&t, features);
	if (dialect) {
		if (strcmp(dialect, "trf16") && strcmp(dialect, "trf26"))
			die("dialect must be trf26 or trf16", dialect);
		t.trf16 = strcmp(dialect, "trf16") == 0;
	}
	if (eol) {
		if (strcmp(eol, "cr") == 0)
			t.eol = "\r";
		else if (strcmp(eol, "lf") == 0)
			t.eol = "\n";
		else if (strcmp(eol, "crlf") == 0)
			t.eol = "\r\n";
		else
			die("eol must be cr, lf or crlf", eol);
	}
	if (t.trf16) {
		t.feature[F_BAKU] = t.feature[F_PROHIBIT] = t.feature[F_SCORING] = 0;
		t.feature[F_FUTURE] = 0;
	} else {
		t.feature[F_BLANK] = 0;
	}
	if (t.feature[F_BAKU])
		t.feature[F_SCORING] = 0;
	t.win = 10, t.draw = 5, t.pab = 10;
	if (t.feature[F_SCORING]) {
		if (chance(500))
			t.win = 30, t.draw = 10, t.pab = 30;
		else
			t.pab = 5;
	}
	static const int steps[] = {1, 5, 25, 100};
	t.step = steps[below(4)];
	t.draw_rate = 10 + below(40);
	t.white_first = chance(500);
	snprintf(t.event, sizeof t.event, "Random Swiss %ld (%d players, %d rounds)", seed, n,
		 rounds);
	snprintf(t.city, sizeof t.city, "Testville");
	snprintf(t.fed, sizeof t.fed, "%s", feds[below(COUNT(feds))]);
	for (int i = 1; i <= n; i++)
		make_player(&t, &t.p[i], i);
	qsort(t.p + 1, (size_t)n, sizeof t.p[1], by_ranking);
	schedule(&t);

	char trf[1100], pairs[1100], err[1100], command[4096];
	for (int k = 1; k <= rounds; k++) {
		snprintf(trf, sizeof trf, "%s/round-%d.trf", out, k);
		snprintf(pairs, sizeof pairs, "%s/round-%d.pairs", out, k);
		snprintf(err, sizeof err, "%s/round-%d.err", out, k);
		write_trf(&t, k, trf);
		build_command(command, sizeof command, cmd, trf, pairs, err);
		fflush(stdout);
		int status = system(command);
		if (status != 0) {
			fprintf(stderr, "swissgen: round %d: the pairing command failed (see %s)\n",
				k, err);
			remove(pairs);
			return 1;
		}
		if (apply_pairs(&t, k, pairs))
			return 3;
	}
	snprintf(trf, sizeof trf, "%s/final.trf", out);
	write_trf(&t, rounds + 1, trf);
	return 0;
}
