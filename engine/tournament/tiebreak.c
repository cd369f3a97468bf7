/*
 * tiebreak.c -- standings and tie-breaks by regulation edition.
 *
 * Every tie-break of FIDE's C.07 list (2022, 2024 and 2026 texts), the
 * virtual opponent of C.02 (2009) 13.15 and the US Chess systems of rule
 * 34E, computed on the tournament model (tournament.h) in integers: points
 * in tenths, Sonneborn-Berger in hundredths, averages rounded half up where
 * the regulation rounds. What an edition changes is a field of
 * arb_regulation (how unplayed rounds count, the dummy's cap, how cuts treat
 * unplayed rounds), never a test of its name. A standings run ranks by
 * points, then by each tie-break in turn among the players still tied
 * (C.07 5), so that DE sees the ties left by the tie-breaks before it.
 * Invariant: a value is either defined or flagged undefined (C.07 10: the
 * rating-based tie-breaks when unrated players take part).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbint.h"
#include "tournament.h"

/* ------------------------------------------------------------------------
 * FIDE's rating tables (FIDE Rating Regulations, B.02, 8.1): facts, as data
 * ---------------------------------------------------------------------- */

/* 8.1(a): dp, the rating difference, for a fractional score p of 0.50..1.00
 * (index: p in hundredths minus 50); a score under 0.50 is -dp(1 - p). */
static const short dp_table[51] = {
	0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,  95,  102, 110, 117,
	125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273,
	284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
};

/* 8.1(b): PD, the expected score of the higher-rated player, for a rating
 * difference D: {largest D of the band, PD in hundredths}. Above 735: 1.00. */
static const short pd_bands[][2] = {
	{3, 50},   {10, 51},  {17, 52},  {25, 53},  {32, 54},  {39, 55},  {46, 56},  {53, 57},
	{61, 58},  {68, 59},  {76, 60},  {83, 61},  {91, 62},  {98, 63},  {106, 64}, {113, 65},
	{121, 66}, {129, 67}, {137, 68}, {145, 69}, {153, 70}, {162, 71}, {170, 72}, {179, 73},
	{188, 74}, {197, 75}, {206, 76}, {215, 77}, {225, 78}, {235, 79}, {245, 80}, {256, 81},
	{267, 82}, {278, 83}, {290, 84}, {302, 85}, {315, 86}, {328, 87}, {344, 88}, {357, 89},
	{374, 90}, {391, 91}, {411, 92}, {432, 93}, {456, 94}, {484, 95}, {517, 96}, {559, 97},
	{619, 98}, {735, 99},
};

static int dp_of_percent(int pct)
{
	if (pct < 0)
		pct = 0;
	if (pct > 100)
		pct = 100;
	return pct >= 50 ? dp_table[pct - 50] : -dp_table[50 - pct];
}

static int pd_of_diff(int d) /* d >= 0 */
{
	for (size_t i = 0; i < sizeof pd_bands / sizeof pd_bands[0]; i++)
		if (d <= pd_bands[i][0])
			return pd_bands[i][1];
	return 100;
}

/* The expected score (hundredths) of a player rated r against one rated o
 * by 8.1(b), the difference taken up to 800 (C.07 10.5: PTP). */
static int expected(int r, int o)
{
	int d = o - r;
	if (d > 800)
		d = 800;
	if (d < -800)
		d = -800;
	return d < 0 ? pd_of_diff(-d) : 100 - pd_of_diff(d);
}

/* a / b rounded half away from zero (b > 0). */
static long rdiv(long a, long b)
{
	return a >= 0 ? (2 * a + b) / (2 * b) : -((-2 * a + b) / (2 * b));
}

/* ------------------------------------------------------------------------
 * Codes and modifiers
 * ---------------------------------------------------------------------- */

/* Which modifiers a code takes: C cut, M median, L limit, U unrated, P
 * played (all take R reverse and V edition). */
static const struct {
	const char *code;
	arb_tiebreak_kind kind;
	const char *mods;
} tb_codes[] = {
	{"PTS", ARB_TB_PTS, ""},    {"DE", ARB_TB_DE, "P"},     {"EDE", ARB_TB_EDE, "P"},
	{"WIN", ARB_TB_WIN, ""},    {"WON", ARB_TB_WON, ""},    {"BPG", ARB_TB_BPG, ""},
	{"BWG", ARB_TB_BWG, ""},    {"REP", ARB_TB_REP, ""},    {"GE", ARB_TB_REP, ""},
	{"VUR", ARB_TB_VUR, ""},    {"PS", ARB_TB_PS, "C"},     {"KS", ARB_TB_KS, "L"},
	{"BH", ARB_TB_BH, "CMP"},   {"FB", ARB_TB_FB, "CMP"},   {"SB", ARB_TB_SB, "CMP"},
	{"AOB", ARB_TB_AOB, "P"},   {"ARO", ARB_TB_ARO, "CMU"}, {"TPR", ARB_TB_TPR, "CMU"},
	{"PTP", ARB_TB_PTP, "CMU"}, {"APRO", ARB_TB_APRO, "U"}, {"APPO", ARB_TB_APPO, "U"},
	{"RTNG", ARB_TB_RTNG, "U"}, {"STD", ARB_TB_STD, ""},    {"TPN", ARB_TB_TPN, ""},
	{"MM", ARB_TB_MM, ""},      {"SOLK", ARB_TB_SOLK, ""},  {"CUM", ARB_TB_CUM, ""},
	{"OCUM", ARB_TB_OCUM, ""},
};

/* Reads digits at *p: the number, or -1 when there are none or too many. */
static int read_int(const char **p)
{
	const char *s = *p;
	long v = 0;
	if (*s < '0' || *s > '9')
		return -1;
	while (*s >= '0' && *s <= '9') {
		v = v * 10 + (*s++ - '0');
		if (v > 100000)
			return -1;
	}
	*p = s;
	return (int)v;
}

static int upper(int c)
{
	return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
}

/* Parses text[0..len) (one code) with column offset col0 for messages. */
static arb_status parse_one(arb_tiebreak *tb, const char *text, size_t len, int col0,
			    arb_error *err)
{
	char buf[64];
	size_t k;
	if (len == 0)
		return arbI_err_report(err, ARB_E_ARGUMENT, col0 + 1, "empty tie-break code");
	if (len >= sizeof buf || len >= sizeof tb->code)
		return arbI_err_report(err, ARB_E_ARGUMENT, col0 + 1, "tie-break code too long");
	for (k = 0; k < len; k++)
		buf[k] = (char)upper((unsigned char)text[k]);
	buf[len] = '\0';
	memset(tb, 0, sizeof *tb);
	memcpy(tb->code, buf, len + 1);
	tb->limit = 50; /* C.07 9.2: 50 % of the maximum */
	size_t name_len = strcspn(buf, "/");
	const char *mods = NULL;
	for (size_t i = 0; i < sizeof tb_codes / sizeof tb_codes[0]; i++)
		if (strlen(tb_codes[i].code) == name_len &&
		    !memcmp(tb_codes[i].code, buf, name_len)) {
			tb->kind = tb_codes[i].kind;
			mods = tb_codes[i].mods;
		}
	if (!mods)
		return arbI_err_report(err, ARB_E_ARGUMENT, col0 + 1, "unknown tie-break '%.*s'",
				       (int)name_len, buf);
	const char *p = buf + name_len;
	while (*p == '/') {
		const char *m = ++p;
		int col = col0 + (int)(m - buf) + 1;
		char c = *p++;
		int v;
		if ((c == 'C' || c == 'M' || c == 'L' || c == 'U' || c == 'P') && !strchr(mods, c))
			return arbI_err_report(err, ARB_E_ARGUMENT, col,
					       "%.*s takes no /%c modifier", (int)name_len, buf, c);
		switch (c) {
		case 'C':
		case 'M':
			if ((v = read_int(&p)) < 0)
				return arbI_err_report(err, ARB_E_ARGUMENT, col,
						       "/%c needs a number of rounds", c);
			tb->cut_low = v;
			if (c == 'M')
				tb->cut_high = v;
			break;
		case 'L':
			if (*p == '+' || *p == '-') { /* C.07 9.3: the limit moved by half points */
				int sign = *p++ == '-' ? -1 : 1;
				if ((v = read_int(&p)) < 0)
					return arbI_err_report(err, ARB_E_ARGUMENT, col,
							       "/L%c needs a number",
							       sign < 0 ? '-' : '+');
				if (*p == '.') { /* a decimal: points, not half points */
					p++;
					int d = (*p >= '0' && *p <= '9') ? *p++ - '0' : 0;
					tb->limit_shift = sign * (v * 10 + d);
				} else
					tb->limit_shift = sign * v * 5;
			} else if ((v = read_int(&p)) < 0 || v > 100)
				return arbI_err_report(err, ARB_E_ARGUMENT, col,
						       "/L needs a percentage (0-100)");
			else
				tb->limit = v;
			break;
		case 'U':
			if ((v = read_int(&p)) < 0)
				return arbI_err_report(err, ARB_E_ARGUMENT, col,
						       "/U needs the rating of unrated players");
			tb->unrated = v;
			break;
		case 'P':
			tb->played = 1;
			break;
		case 'R':
			tb->reverse = 1;
			break;
		case 'V':
			v = read_int(&p);
			if (v != 2022 && v != 2024 && v != 2026)
				return arbI_err_report(err, ARB_E_ARGUMENT, col,
						       "/V needs an edition (2022, 2024 or 2026)");
			tb->edition = v;
			break;
		default:
			return arbI_err_report(err, ARB_E_ARGUMENT, col, "unknown modifier '/%c'",
					       c ? c : ' ');
		}
		if (*p && *p != '/')
			return arbI_err_report(err, ARB_E_ARGUMENT, col0 + (int)(p - buf) + 1,
					       "unexpected '%c' in a modifier", *p);
	}
	return ARB_OK;
}

arb_status arb_tiebreak_parse(arb_tiebreak *tb, const char *text, arb_error *err)
{
	arbI_api_check_err(tb && text, err);
	size_t len = strlen(text);
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	size_t skip = strspn(text, " \t");
	return parse_one(tb, text + skip, len > skip ? len - skip : 0, (int)skip, err);
}

int arb_tiebreak_parse_list(arb_tiebreak *tbs, int cap, const char *text, arb_error *err)
{
	int n = 0;
	/* misuse: -1, err saying so (as arbI_api_check_err would) */
	arbI_api_check(
		text && cap >= 0 && (tbs || cap == 0),
		(arbI_api_misuse(err, __func__, "text && cap >= 0 && (tbs || cap == 0)"), -1));
	const char *p = text;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return 0;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		size_t len = strcspn(p, ", \t");
		if (n >= cap) {
			arbI_err_report(err, ARB_E_ARGUMENT, (int)(p - text) + 1,
					"more than %d tie-breaks", cap);
			return -1;
		}
		if (parse_one(&tbs[n], p, len, (int)(p - text), err) != ARB_OK)
			return -1;
		n++;
		p += len;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return n;
		if (*p != ',') {
			arbI_err_report(err, ARB_E_ARGUMENT, (int)(p - text) + 1,
					"expected ',' between tie-breaks");
			return -1;
		}
		p++;
	}
}

/* ------------------------------------------------------------------------
 * The rounds as the tie-breaks see them
 * ---------------------------------------------------------------------- */

typedef struct rnd {
	int pts;    /* tenths, by the point system */
	int opp;    /* the opponent's index, -1 for none */
	int game;   /* a game over the board (1 = 0 W D L) */
	int played; /* a game, or the pairing-allocated bye */
	int vur;    /* C.07 16.2.5: voluntarily unplayed (H Z -, absent) */
	int black;
	int rpts; /* 10 / 5 / 0: the game's result for rating purposes */
} rnd;

typedef struct ctx {
	const arb_tournament *t;
	int n, R, rr;
	int win, draw;
	tpoints pts;        /* the file's record 162, else the regulation's */
	unsigned char *out; /* players out of the standings (the 50 % rule) */
	rnd *r;             /* n * R, player-major */
	int *total;         /* points, tenths */
	int *lna;           /* the last round (1-based) not voluntarily unplayed, 0 none */
	int *lmp;           /* the last round with an opponent or the PAB, 0 none */
	int allrated;
} ctx;

#define RD(c, i, k) ((c)->r[(size_t)(i) * (size_t)(c)->R + (size_t)(k)])

static int code_points(const tpoints *p, char code)
{
	switch (code) {
	case '1':
	case 'W':
		return p->win;
	case '=':
	case 'D':
		return p->draw;
	case '0':
	case 'L':
		return p->loss;
	case '+':
		return p->forfeit_win;
	case '-':
		return p->forfeit_loss;
	case 'U':
		return p->pab;
	case 'F':
		return p->full_bye;
	case 'H':
		return p->half_bye;
	case 'Z':
		return p->zero_bye;
	default:
		return 0;
	}
}

static int ci_contains(const char *s, const char *w)
{
	size_t n = strlen(w);
	for (; *s; s++) {
		size_t i = 0;
		while (i < n && s[i] && upper((unsigned char)s[i]) == w[i])
			i++;
		if (i == n)
			return 1;
	}
	return 0;
}

/* A round robin: record 092's or 192's text says so (C.07 applies its
 * round-robin rules), else a field that fits one (players = rounds or
 * rounds + 1, or twice that for a double round robin). */
static int is_round_robin(const arb_tournament *t, int R)
{
	const char *texts[2] = {t->type, t->system};
	for (int i = 0; i < 2; i++) {
		if (ci_contains(texts[i], "SWISS") || ci_contains(texts[i], "DUTCH"))
			return 0;
		if (ci_contains(texts[i], "ROBIN") || ci_contains(texts[i], "BERGER") ||
		    ci_contains(texts[i], "RR"))
			return 1;
	}
	int n = t->nplayers;
	return n == R || n == R + 1 || 2 * n == R || 2 * n == R + 2;
}

static int player_index(const arb_tournament *t, int id)
{
	if (id <= 0 || !t->byid || id >= t->byid_cap)
		return -1;
	int i = t->byid[id];
	return i >= 0 && i < t->nplayers ? i : -1;
}

/* Does the file state its point system (TRF-2026 162, TRF-16 XXS, or
 * bbpPairings' BBW BBD BBL BBZ BBF BBU)? Its records are kept as read. */
static int has_point_record(const arb_tournament *t)
{
	for (int i = 0; t->recs && i < t->nrecs; i++) {
		const char *code = t->recs[i].code;
		if (!strcmp(code, "162") || !strcmp(code, "XXS") ||
		    (code[0] == 'B' && code[1] == 'B' && code[2] && strchr("WDLZFU", code[2])))
			return 1;
	}
	return 0;
}

static void reg_points(tpoints *p, const arb_regulation *reg)
{
	p->win = reg->points_win;
	p->draw = reg->points_draw;
	p->loss = reg->points_loss;
	p->forfeit_win = reg->points_forfeit_win;
	p->forfeit_loss = reg->points_forfeit_loss;
	p->pab = reg->points_pab;
	p->full_bye = reg->points_full_bye;
	p->half_bye = reg->points_half_bye;
	p->zero_bye = reg->points_zero_bye;
}

static void ctx_rounds(ctx *c);
static void ctx_exclude(ctx *c);

static arb_status ctx_init(ctx *c, const arb_tournament *t, const arb_regulation *reg)
{
	memset(c, 0, sizeof *c);
	c->t = t;
	c->n = t->nplayers;
	/* the scheduled rounds, or the rounds in the file if more */
	c->R = t->rounds > t->nrounds ? t->rounds : t->nrounds;
	if (has_point_record(t))
		c->pts = t->points;
	else {
		reg_points(&c->pts, reg);
		c->pts.unknown = t->points.unknown; /* 162 X: not a regulation's */
	}
	c->win = c->pts.win;
	c->draw = c->pts.draw;
	c->rr = is_round_robin(t, c->R);
	size_t n = c->n ? (size_t)c->n : 1, R = c->R ? (size_t)c->R : 1;
	c->r = calloc(n * R, sizeof *c->r);
	c->total = calloc(n, sizeof *c->total);
	c->lna = calloc(n, sizeof *c->lna);
	c->lmp = calloc(n, sizeof *c->lmp);
	c->out = calloc(n, 1);
	if (!c->r || !c->total || !c->lna || !c->lmp || !c->out)
		return ARB_E_NOMEM;
	ctx_rounds(c);
	if (c->rr && reg->rr_exclude_under_half)
		ctx_exclude(c);
	return ARB_OK;
}

/* The rounds of every player as the tie-breaks see them, with the totals. */
static void ctx_rounds(ctx *c)
{
	const arb_tournament *t = c->t;
	c->allrated = 1;
	for (int i = 0; i < c->n; i++) {
		const tplayer *p = &t->players[i];
		if (p->rating <= 0)
			c->allrated = 0;
		for (int k = 0; k < c->R; k++) {
			static const tcell none = {0, '-', ' '};
			const tcell *cell =
				k < t->nrounds && k < t->rounds_cap ? &p->cells[k] : &none;
			rnd *r = &RD(c, i, k);
			char code = cell->result; /* ' ': not played (yet), an absence */
			r->pts = code_points(&c->pts, code);
			r->opp = strchr("1=0WDL+-", code) && code ?
					 player_index(t, cell->opponent) :
					 -1;
			r->game = r->opp >= 0 && strchr("1=0WDL", code);
			r->played = r->game || code == 'U';
			/* C.07 16.2: unplayed rounds that the player chose, or lost by
			 * forfeit, or missed; the wins of 16.2.1-16.2.3 (PAB, FPB,
			 * forfeit win) are not voluntary */
			r->vur = !r->played && code != '+' && code != 'F';
			r->black = r->game && cell->color == 'b';
			r->rpts = strchr("1W", code) ? 10 : strchr("=D", code) ? 5 : 0;
			c->total[i] += r->pts;
			if (!r->vur)
				c->lna[i] = k + 1;
			if (r->opp >= 0 || r->played)
				c->lmp[i] = k + 1;
		}
	}
}

/* Player i left the round robin with under half of his games played: his
 * last game is before the last round paired, and he played fewer than half
 * of the games the schedule gave him (n - 1 a cycle, the cycles as many as
 * the rounds make with n rounded up to even). */
static int left_under_half(const ctx *c, int i)
{
	int last = 0, games = 0, even = c->n + (c->n & 1);
	for (int k = 0; k < c->R; k++)
		if (RD(c, i, k).game) {
			games++;
			last = k + 1;
		}
	int cycles = even > 1 && c->R >= 2 * (even - 1) ? 2 : 1;
	int scheduled = (c->n - 1) * cycles;
	return last < c->t->nrounds && 2 * games < scheduled;
}

/* FIDE Tournament Rules (C.06, 2011) V.4.1: the points scored by such a
 * player or against him are not counted in the final standings. His rounds,
 * and every round against him, become no round at all (as a round-robin
 * bye is, C.07 16.1); the totals are counted again. */
static void ctx_exclude(ctx *c)
{
	int any = 0;
	for (int i = 0; i < c->n; i++)
		any |= c->out[i] = (unsigned char)left_under_half(c, i);
	if (!any)
		return;
	for (int i = 0; i < c->n; i++) {
		c->total[i] = c->lna[i] = c->lmp[i] = 0;
		for (int k = 0; k < c->R; k++) {
			rnd *r = &RD(c, i, k);
			if (c->out[i] || (r->opp >= 0 && c->out[r->opp]))
				*r = (rnd){0, -1, 0, 0, 0, 0, 0};
			c->total[i] += r->pts;
			if (!r->vur)
				c->lna[i] = k + 1;
			if (r->opp >= 0 || r->played)
				c->lmp[i] = k + 1;
		}
	}
}

static void ctx_free(ctx *c)
{
	free(c->r);
	free(c->total);
	free(c->lna);
	free(c->lmp);
	free(c->out);
}

/* The values of one tie-break: in `scale` units (10: tenths), each defined
 * or not. */
typedef struct column {
	long *v;
	unsigned char *def;
	int scale;
} column;

/* ------------------------------------------------------------------------
 * Buchholz family: BH, FB, SB, AOB; MM, SOLK (34E1-34E2)
 * ---------------------------------------------------------------------- */

typedef struct entry {
	long score; /* the opponent's (or dummy's) score, tenths */
	long value; /* what it adds: the score, or score x own result (SB) */
	int vur;
} entry;

/* The opponents' adjusted scores (C.07 16.3; 13.15.1 / 34E1: unplayed
 * rounds as draws) and the player's own score for his dummy. */
static void adjusted_scores(const ctx *c, const arb_regulation *reg, int fore, long *adj, long *own)
{
	for (int i = 0; i < c->n; i++) {
		long s = 0;
		int lna = c->lna[i];
		int isfore = fore && c->lmp[i] == c->R; /* C.07 8.3: fore Buchholz */
		if (isfore)
			lna = c->R;
		for (int k = 0; k < c->R; k++) {
			const rnd *r = &RD(c, i, k);
			if (reg->opponent == ARB_OPPONENT_ALL_DRAW)
				s += r->game ? r->pts : c->draw; /* 13.15.1; 34E1 */
			else if (k + 1 <= lna || r->opp >= 0)
				s += r->pts;
			else /* C.07 16.3.2: trailing voluntarily unplayed rounds, a draw */
				s += c->rr ? 0 : c->draw;
		}
		long o = c->total[i];
		if (isfore && c->R > 0 && RD(c, i, c->R - 1).opp >= 0) {
			/* C.07 8.3: the last round's game counts as a draw */
			long adjust = c->draw - RD(c, i, c->R - 1).pts;
			s += adjust;
			o += adjust;
		}
		adj[i] = s;
		own[i] = o;
	}
}

/* Removes entry j of e[0..*n). */
static void drop(entry *e, int *n, int j)
{
	memmove(e + j, e + j + 1, (size_t)(*n - j - 1) * sizeof *e);
	(*n)--;
}

static int lowest(const entry *e, int n, int vur_only)
{
	int best = -1;
	for (int j = 0; j < n; j++) {
		if (vur_only && !e[j].vur)
			continue;
		if (best < 0 || e[j].score < e[best].score ||
		    (e[j].score == e[best].score && e[j].value < e[best].value))
			best = j;
	}
	return best;
}

static int highest(const entry *e, int n)
{
	int best = -1;
	for (int j = 0; j < n; j++)
		if (best < 0 || e[j].score > e[best].score ||
		    (e[j].score == e[best].score && e[j].value > e[best].value))
			best = j;
	return best;
}

/* Cuts low then high entries (C.07 14.1-14.2). */
static void cut(entry *e, int *n, int low, int high, int vur_first)
{
	for (; low > 0 && *n > 0; low--) {
		int all = lowest(e, *n, 0), v = vur_first ? lowest(e, *n, 1) : -1;
		/* C.07 14.1: a voluntarily unplayed round is cut first, unless a
		 * lower contribution exists */
		drop(e, n, v >= 0 && e[all].value <= e[v].value ? v : all);
	}
	for (; high > 0 && *n > 0; high--)
		drop(e, n, highest(e, *n));
}

static int is_sb(arb_tiebreak_kind k)
{
	return k == ARB_TB_SB;
}

/* The entries of player i: one per round counted. */
static int bh_entries(const ctx *c, const arb_regulation *reg, const arb_tiebreak *tb, int i,
		      const long *adj, const long *own, entry *e)
{
	int fore = tb->kind == ARB_TB_FB;
	int n = 0;
	long before = 0; /* the player's score before round k */
	for (int k = 0; k < c->R; k++) {
		const rnd *r = &RD(c, i, k);
		int counts_played = tb->played || c->rr || (fore && k == c->R - 1) || r->played;
		if (reg->own != ARB_UNPLAYED_DUMMY)
			counts_played = tb->played || c->rr || r->game;
		long score;
		int vur = r->vur;
		if (counts_played && r->opp >= 0) {
			score = adj[r->opp];
			vur = 0;
		} else if (c->rr) {
			before += r->pts;
			continue; /* C.07 16.1: a round-robin bye is no round */
		} else if (reg->own == ARB_UNPLAYED_DUMMY) {
			score = own[i]; /* C.07 16.4: the dummy with one's own score */
			if (reg->dummy_cap) {
				long cap = r->opp >= 0 ? adj[r->opp] /* 16.4.1 */
							 :
							 (long)c->draw * c->R; /* 16.4.2 */
				if (cap < score)
					score = cap;
			}
		} else if (reg->own == ARB_UNPLAYED_VIRTUAL) {
			/* C.02 (2009) 13.15.2: the virtual opponent starts the round
			 * with the player's score, gets the opposite result, then
			 * draws every round left */
			score = before + (c->win - r->pts) + (long)c->draw * (c->R - 1 - k);
		} else
			score = 0; /* 34E1: an opponent with an adjusted score of 0 */
		e[n].score = score;
		e[n].value = is_sb(tb->kind) ? score * r->pts : score;
		e[n].vur = vur;
		n++;
		before += r->pts;
	}
	return n;
}

static arb_status compute_bh(const ctx *c, const arb_regulation *reg, const arb_tiebreak *tb,
			     column *col)
{
	long *adj = calloc((size_t)c->n + 1, sizeof *adj),
	     *own = calloc((size_t)c->n + 1, sizeof *own);
	entry *e = calloc((size_t)c->R + 1, sizeof *e);
	if (!adj || !own || !e) {
		free(adj);
		free(own);
		free(e);
		return ARB_E_NOMEM;
	}
	adjusted_scores(c, reg, tb->kind == ARB_TB_FB, adj, own);
	col->scale = is_sb(tb->kind) ? 100 : 10;
	for (int i = 0; i < c->n; i++) {
		int n = bh_entries(c, reg, tb, i, adj, own, e);
		int low = tb->cut_low, high = tb->cut_high;
		if (tb->kind == ARB_TB_MM) {
			/* 34E1: plus scores drop the lowest, minus scores the
			 * highest, even scores both; two each from nine rounds */
			int m = c->R >= 9 ? 2 : 1;
			long twice = 2L * c->total[i], max = (long)c->win * c->R;
			low = twice >= max ? m : 0;
			high = twice <= max ? m : 0;
		}
		if (low > c->R)
			low = c->R;
		if (low + high > c->R)
			high = c->R - low;
		cut(e, &n, low, high, reg->cut_unplayed);
		long s = 0;
		for (int j = 0; j < n; j++)
			s += e[j].value;
		col->v[i] = s;
		col->def[i] = 1;
	}
	free(adj);
	free(own);
	free(e);
	return ARB_OK;
}

/* AOB (C.07 8.4): the average of the opponents' Buchholz over the games
 * played, to two decimals. */
static arb_status compute_aob(const ctx *c, const arb_regulation *reg, const arb_tiebreak *tb,
			      column *col)
{
	arb_tiebreak bh = *tb;
	bh.kind = ARB_TB_BH;
	bh.cut_low = bh.cut_high = 0;
	column b = {calloc((size_t)c->n + 1, sizeof(long)), calloc((size_t)c->n + 1, 1), 10};
	if (!b.v || !b.def) {
		free(b.v);
		free(b.def);
		return ARB_E_NOMEM;
	}
	arb_status st = compute_bh(c, reg, &bh, &b);
	col->scale = 100;
	for (int i = 0; st == ARB_OK && i < c->n; i++) {
		long sum = 0, num = 0;
		for (int k = 0; k < c->R; k++)
			if (RD(c, i, k).game) {
				sum += b.v[RD(c, i, k).opp];
				num++;
			}
		col->def[i] = num > 0;
		col->v[i] = num ? rdiv(sum * 10, num) : 0;
	}
	free(b.v);
	free(b.def);
	return st;
}

/* ------------------------------------------------------------------------
 * Rating-based: ARO, TPR, PTP, APRO, APPO, RTNG (C.07 10)
 * ---------------------------------------------------------------------- */

static int rating_of(const ctx *c, const arb_tiebreak *tb, int i)
{
	int r = c->t->players[i].rating;
	return r > 0 ? r : tb->unrated;
}

static int rating_defined(const ctx *c, const arb_regulation *reg, const arb_tiebreak *tb)
{
	return !reg->rated_only || c->allrated || tb->unrated > 0;
}

/* PTP (C.07 10.5): the lowest rating whose expected score against the
 * opponents reaches the score (hundredths). */
static long perfect(const int *ratings, int n, long score100)
{
	int lo = INT_MAX, hi = INT_MIN;
	for (int j = 0; j < n; j++) {
		if (ratings[j] < lo)
			lo = ratings[j];
		if (ratings[j] > hi)
			hi = ratings[j];
	}
	if (score100 == 0)
		return lo - 800; /* C.07 10.5: no point scored */
	lo -= 800;               /* expected 0 here: below the score */
	hi += 800;               /* expected 1.00 a game: at least the score */
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;
		long e = 0;
		for (int j = 0; j < n; j++)
			e += expected(mid, ratings[j]);
		if (e >= score100)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* ARO, TPR and PTP of every player, with tb's cuts. */
static arb_status compute_perf(const ctx *c, const arb_regulation *reg, const arb_tiebreak *tb,
			       arb_tiebreak_kind kind, column *col)
{
	int *ratings = calloc((size_t)c->R + 1, sizeof *ratings),
	    *rp = calloc((size_t)c->R + 1, sizeof *rp);
	if (!ratings || !rp) {
		free(ratings);
		free(rp);
		return ARB_E_NOMEM;
	}
	int valid = rating_defined(c, reg, tb);
	col->scale = 1;
	for (int i = 0; i < c->n; i++) {
		int n = 0, games = 0;
		for (int k = 0; k < c->R; k++) {
			const rnd *r = &RD(c, i, k);
			if (!r->game)
				continue;
			games++;
			int o = rating_of(c, tb, r->opp);
			if (o > 0) {
				ratings[n] = o;
				rp[n] = r->rpts;
				n++;
			}
		}
		int low = tb->cut_low, high = tb->cut_high;
		if (low > c->R)
			low = c->R;
		if (low + high > c->R)
			high = c->R - low;
		if (reg->aro_cut_unplayed && (low || high)) {
			/* C.07 2022 10.2: the unplayed rounds are the ones cut first */
			int unplayed = c->R - games, d = unplayed < low ? unplayed : low;
			low -= d;
			unplayed -= d;
			high -= unplayed < high ? unplayed : high;
		}
		for (int pass = 0; pass < 2; pass++)
			for (int m = pass ? high : low; m > 0; m--, games--) {
				if (games != n || n == 0)
					continue; /* an unrated opponent's game: not cut */
				int b = 0;
				for (int j = 1; j < n; j++)
					if (pass ? ratings[j] >= ratings[b] :
						   ratings[j] < ratings[b])
						b = j;
				/* kept in round order: the first of equal lowest ratings
				 * goes, the last of equal highest */
				memmove(ratings + b, ratings + b + 1,
					(size_t)(n - b - 1) * sizeof *ratings);
				memmove(rp + b, rp + b + 1, (size_t)(n - b - 1) * sizeof *rp);
				n--;
			}
		long sum = 0, score = 0;
		for (int j = 0; j < n; j++) {
			sum += ratings[j];
			score += rp[j];
		}
		col->def[i] = valid && n > 0;
		if (!col->def[i]) {
			col->v[i] = 0;
			continue;
		}
		long aro = rdiv(sum, n); /* C.07 10.1: rounded to a whole number */
		if (kind == ARB_TB_ARO)
			col->v[i] = aro;
		else if (kind == ARB_TB_TPR) /* C.07 10.3: ARO + dp(p) */
			col->v[i] = aro + dp_of_percent((int)rdiv(score * 10, n));
		else
			col->v[i] = perfect(ratings, n, score * 10);
	}
	free(ratings);
	free(rp);
	return ARB_OK;
}

/* APRO, APPO (C.07 10.4, 10.6): the average of the opponents' TPR or PTP
 * over the games played, rounded to a whole number. */
static arb_status compute_avg_perf(const ctx *c, const arb_regulation *reg, const arb_tiebreak *tb,
				   column *col)
{
	arb_tiebreak p = *tb;
	p.cut_low = p.cut_high = 0;
	column o = {calloc((size_t)c->n + 1, sizeof(long)), calloc((size_t)c->n + 1, 1), 1};
	if (!o.v || !o.def) {
		free(o.v);
		free(o.def);
		return ARB_E_NOMEM;
	}
	arb_status st =
		compute_perf(c, reg, &p, tb->kind == ARB_TB_APRO ? ARB_TB_TPR : ARB_TB_PTP, &o);
	col->scale = 1;
	for (int i = 0; st == ARB_OK && i < c->n; i++) {
		long sum = 0, num = 0;
		for (int k = 0; k < c->R; k++) {
			const rnd *r = &RD(c, i, k);
			if (r->game && o.def[r->opp]) {
				sum += o.v[r->opp];
				num++;
			}
		}
		col->def[i] = num > 0;
		col->v[i] = num ? rdiv(sum, num) : 0;
	}
	free(o.v);
	free(o.def);
	return st;
}

/* ------------------------------------------------------------------------
 * Direct encounter (C.07 6)
 * ---------------------------------------------------------------------- */

typedef struct deplayer {
	int i;           /* player index */
	long rank, val;  /* the rank before DE; DE's rank while computing */
	double de, dmax; /* score against the group; with unplayed games won */
	int more;
} deplayer;

static int cmp_de_order(const void *a, const void *b)
{
	const deplayer *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->val != y->val)
		return x->val < y->val ? -1 : 1;
	return x->i - y->i;
}

static int cmp_de_score(const void *a, const void *b)
{
	const deplayer *x = a, *y = b;
	if (x->de != y->de)
		return x->de > y->de ? -1 : 1;
	if (x->dmax != y->dmax)
		return x->dmax > y->dmax ? -1 : 1;
	return x->i - y->i;
}

/* One group of players tied in val: their scores among themselves (C.07
 * 6.1: the average where they met more than once), then the ranks this
 * separates (6.2; in a Swiss, where not all have met, only a score that no
 * other can reach). Returns the number of separations. */
static int de_group(const ctx *c, const arb_tiebreak *tb, deplayer *g, int m, const long *val,
		    long *acc, int *cnt)
{
	long current = g[0].val;
	int metall = 1;
	for (int a = 0; a < m; a++) {
		int i = g[a].i, distinct = 0;
		double de = 0;
		for (int k = 0; k < c->R; k++) {
			const rnd *r = &RD(c, i, k);
			if (r->opp < 0 || val[r->opp] != current)
				continue;
			if (!(tb->played || c->rr || r->played))
				continue;
			acc[r->opp] += RD(c, i, k).pts;
			cnt[r->opp]++;
		}
		for (int k = 0; k < c->R; k++) {
			int o = RD(c, i, k).opp;
			if (o >= 0 && cnt[o]) {
				de += (double)acc[o] / cnt[o];
				distinct++;
				acc[o] = 0;
				cnt[o] = 0;
			}
		}
		g[a].de = de;
		g[a].dmax = de;
		if (!c->rr && distinct < m - 1) {
			metall = 0;
			g[a].dmax = de + (double)(m - 1 - distinct) * c->win;
		}
	}
	if (metall)
		for (int a = 0; a < m; a++)
			g[a].dmax = 0;
	qsort(g, (size_t)m, sizeof *g, cmp_de_score);
	int changes = 0, unique = 1;
	long rank = current, crank = current;
	double prev = g[0].de;
	for (int a = 1; a < m; a++) {
		rank++;
		int split;
		if (metall)
			split = g[a].de != prev;
		else {
			double best = g[a].dmax;
			for (int b = a + 1; b < m; b++)
				if (g[b].dmax > best)
					best = g[b].dmax;
			split = unique && prev > best;
			if (!split)
				unique = 0;
		}
		if (split) {
			crank = rank;
			changes++;
		}
		g[a].val = crank;
		prev = g[a].de;
	}
	return changes;
}

/* DE of every player among those tied in `rank`: 0 for a player whose
 * group it does not separate, else his place in the group (1 first). */
static arb_status compute_de(const ctx *c, const arb_tiebreak *tb, const long *rank, column *col)
{
	int n = c->n;
	deplayer *d = calloc((size_t)n + 1, sizeof *d);
	long *val = calloc((size_t)n + 1, sizeof *val), *acc = calloc((size_t)n + 1, sizeof *acc);
	int *cnt = calloc((size_t)n + 1, sizeof *cnt);
	if (!d || !val || !acc || !cnt) {
		free(d);
		free(val);
		free(acc);
		free(cnt);
		return ARB_E_NOMEM;
	}
	for (int i = 0; i < n; i++) {
		d[i].i = i;
		d[i].rank = d[i].val = val[i] = rank[i];
		d[i].more = 1;
	}
	qsort(d, (size_t)n, sizeof *d, cmp_de_order);
	for (int loop = 1; loop <= 30; loop++) {
		int total = 0;
		for (int s = 0; s < n;) {
			int e = s + 1;
			while (e < n && d[e].val == d[s].val)
				e++;
			if (d[s].more) {
				int ch = 0;
				if (e - s > 1)
					ch = de_group(c, tb, d + s, e - s, val, acc, cnt);
				for (int a = s; a < e; a++)
					d[a].more = ch > 0 && loop < 30;
				total += ch;
			}
			s = e;
		}
		for (int a = 0; a < n; a++)
			val[d[a].i] = d[a].val;
		qsort(d, (size_t)n, sizeof *d, cmp_de_order);
		if (!total)
			break;
	}
	col->scale = 1;
	for (int s = 0; s < n;) {
		int e = s + 1;
		while (e < n && d[e].rank == d[s].rank)
			e++;
		long offset = d[s].val - (d[s].val != d[e - 1].val ? 1 : 0);
		for (int a = s; a < e; a++) {
			col->v[d[a].i] = d[a].val - offset;
			col->def[d[a].i] = 1;
		}
		s = e;
	}
	free(d);
	free(val);
	free(acc);
	free(cnt);
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * One tie-break for every player
 * ---------------------------------------------------------------------- */

/* The cumulative score (34E3): the running scores added up, less each
 * unplayed win's point. */
static long cumulative(const ctx *c, int i)
{
	long s = 0, run = 0;
	for (int k = 0; k < c->R; k++) {
		const rnd *r = &RD(c, i, k);
		run += r->pts;
		s += run;
		if (!r->game && r->pts >= c->win)
			s -= r->pts;
	}
	return s;
}

static arb_status compute_column(const ctx *c, const arb_regulation *base, const arb_tiebreak *tb,
				 const long *rank, column *col)
{
	arb_regulation ed;
	const arb_regulation *reg = base;
	if (tb->edition && tb->edition != base->edition) {
		char name[16];
		snprintf(name, sizeof name, "fide%d", tb->edition);
		arb_regulation_init(&ed, name, NULL);
		reg = &ed;
	}
	if (tb->kind == ARB_TB_MM || tb->kind == ARB_TB_SOLK) {
		arb_regulation_init(&ed, "uscf", NULL); /* 34E1-34E2 define their own */
		reg = &ed;
	}
	col->scale = 1;
	switch (tb->kind) {
	case ARB_TB_DE:
	case ARB_TB_EDE: /* an individual event: EDE's secondary score is the primary */
		return compute_de(c, tb, rank, col);
	case ARB_TB_BH:
	case ARB_TB_FB:
	case ARB_TB_SB:
	case ARB_TB_MM:
	case ARB_TB_SOLK:
		return compute_bh(c, reg, tb, col);
	case ARB_TB_AOB:
		return compute_aob(c, reg, tb, col);
	case ARB_TB_ARO:
	case ARB_TB_TPR:
	case ARB_TB_PTP:
		return compute_perf(c, reg, tb, tb->kind, col);
	case ARB_TB_APRO:
	case ARB_TB_APPO:
		return compute_avg_perf(c, reg, tb, col);
	default:
		break;
	}
	long lim100 = 0;
	if (tb->kind == ARB_TB_KS) {
		/* C.07 9.2: the limit is a share of the maximum possible score;
		 * in a round robin the games that could be played (a bye round
		 * and a player who never played do not count) */
		long maxgames = c->R;
		if (c->rr) {
			if (c->n && c->R % c->n == 0)
				maxgames -= c->R / c->n;
			for (int i = 0; i < c->n; i++)
				if (c->lmp[i] == 0)
					maxgames--;
		}
		lim100 = (long)tb->limit * c->win * maxgames + 100L * tb->limit_shift;
	}
	for (int i = 0; i < c->n; i++) {
		long v = 0, run = 0;
		int def = 1;
		for (int k = 0; k < c->R; k++) {
			const rnd *r = &RD(c, i, k);
			run += r->pts;
			switch (tb->kind) {
			case ARB_TB_WIN: /* C.07 7.1: rounds won, played or not */
				v += r->pts == c->win;
				break;
			case ARB_TB_WON: /* 7.2: games won over the board */
				v += r->game && r->pts == c->win;
				break;
			case ARB_TB_BPG: /* 7.3 */
				v += r->black;
				break;
			case ARB_TB_BWG: /* 7.4 */
				v += r->black && r->pts == c->win;
				break;
			case ARB_TB_REP: /* 7.5: rounds played, or won unplayed */
				v += r->played || r->pts == c->win;
				break;
			case ARB_TB_VUR: /* 16.2.5 */
				v += r->vur;
				break;
			case ARB_TB_PS: /* C.07 8.5: running scores, the first /Cn cut */
				if (k >= tb->cut_low)
					v += run;
				break;
			case ARB_TB_KS: /* 9.1 */
				if (r->opp >= 0 && 100L * c->total[r->opp] >= lim100)
					v += r->pts;
				break;
			case ARB_TB_STD: /* C.07 2026 11.2: 1 for a win, 1/2 for a draw */
				v += r->pts > c->draw ? 10 : r->pts == c->draw ? 5 : 0;
				break;
			default:
				break;
			}
		}
		switch (tb->kind) {
		case ARB_TB_PTS:
			v = c->total[i];
			col->scale = 10;
			break;
		case ARB_TB_PS:
		case ARB_TB_KS:
		case ARB_TB_STD:
			col->scale = 10;
			break;
		case ARB_TB_RTNG:
			def = rating_defined(c, reg, tb) && rating_of(c, tb, i) > 0;
			v = def ? rating_of(c, tb, i) : 0;
			break;
		case ARB_TB_TPN:
			v = c->t->players[i].id;
			break;
		case ARB_TB_CUM:
			v = cumulative(c, i);
			col->scale = 10;
			break;
		case ARB_TB_OCUM: /* 34E6: the opponents' cumulative scores */
			for (int k = 0; k < c->R; k++)
				if (RD(c, i, k).game)
					v += cumulative(c, RD(c, i, k).opp);
			col->scale = 10;
			break;
		default:
			break;
		}
		col->v[i] = v;
		col->def[i] = (unsigned char)def;
	}
	return ARB_OK;
}

/* ------------------------------------------------------------------------
 * Standings (C.07 5: points first, then each tie-break among the tied)
 * ---------------------------------------------------------------------- */

struct arb_standings {
	int n, ntb;
	arb_tiebreak *tbs;
	int *order;           /* row -> player index */
	int *id;              /* by player index */
	long *rank;           /* by player index */
	int *points;          /* tenths, by player index */
	column *cols;         /* ntb columns, by player index */
	unsigned char *out;   /* by player index: out of the standings (the 50 % rule) */
	unsigned char *bylot; /* by player index: placed by the drawing of lots */
};

/* Lower is better for these (TPN, DE); higher for the others. */
static int ascending(const arb_tiebreak *tb)
{
	int asc = tb->kind == ARB_TB_TPN || tb->kind == ARB_TB_DE || tb->kind == ARB_TB_EDE;
	return tb->reverse ? !asc : asc;
}

typedef struct sortkey {
	long rank;
	int undef;
	double key;
	int id, i;
} sortkey;

static int cmp_key(const void *a, const void *b)
{
	const sortkey *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->undef != y->undef)
		return x->undef - y->undef;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->id - y->id;
}

/* Re-ranks by one column among the players tied so far: standard
 * competition ranking (tied players share the better place). An undefined
 * value comes after every defined one. */
static void rerank(arb_standings *s, const column *col, int asc, sortkey *k)
{
	for (int i = 0; i < s->n; i++) {
		double v = (double)col->v[i] / col->scale;
		k[i] = (sortkey){s->rank[i], !col->def[i], asc ? v : -v, s->id[i], i};
		if (!col->def[i])
			k[i].key = 0;
	}
	qsort(k, (size_t)s->n, sizeof *k, cmp_key);
	for (int j = 1; j < s->n; j++) {
		const sortkey *p = &k[j - 1], *q = &k[j];
		long pos = j + 1;
		if (q->rank == pos || q->undef != p->undef || q->key != p->key)
			s->rank[q->i] = pos;
		else
			s->rank[q->i] = s->rank[p->i];
	}
	for (int j = 0; j < s->n; j++)
		s->order[j] = k[j].i;
}

void arb_standings_free(arb_standings *s)
{
	if (!s)
		return;
	for (int k = 0; s->cols && k < s->ntb; k++) {
		free(s->cols[k].v);
		free(s->cols[k].def);
	}
	free(s->cols);
	free(s->tbs);
	free(s->order);
	free(s->id);
	free(s->rank);
	free(s->points);
	free(s->out);
	free(s->bylot);
	free(s);
}

#define MAX_TIEBREAKS 32

/* SplitMix64's finaliser (Steele, Lea, Flood 2014): the lot of a player. */
static unsigned long long lot_of(int seed, int id)
{
	unsigned long long z = ((unsigned long long)(unsigned)seed << 32) + (unsigned)id;
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

typedef struct lotkey {
	long rank;
	unsigned long long lot;
	int i;
} lotkey;

static int cmp_lot(const void *a, const void *b)
{
	const lotkey *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->lot != y->lot)
		return x->lot < y->lot ? -1 : 1;
	return x->i - y->i;
}

/* The drawing of lots among the players still tied (the regulation's
 * seed): each a place of his own, in the order of his lot. Players out of
 * the standings keep their shared place. 0, or -1 when out of memory. */
static int draw_lots(arb_standings *s, int seed)
{
	lotkey *k = calloc((size_t)s->n + 1, sizeof *k);
	if (!k)
		return -1;
	for (int j = 0; j < s->n; j++) {
		int i = s->order[j];
		k[j] = (lotkey){s->rank[i], lot_of(seed, s->id[i]), i};
	}
	qsort(k, (size_t)s->n, sizeof *k, cmp_lot);
	for (int j = 0; j < s->n; j++) {
		int i = k[j].i;
		s->order[j] = i;
		int tied = (j > 0 && k[j - 1].rank == k[j].rank) ||
			   (j + 1 < s->n && k[j + 1].rank == k[j].rank);
		if (tied && !s->out[i]) {
			s->bylot[i] = 1;
			s->rank[i] = j + 1;
		}
	}
	free(k);
	return 0;
}

static int is_buchholz(arb_tiebreak_kind k)
{
	return k == ARB_TB_BH || k == ARB_TB_FB || k == ARB_TB_AOB || k == ARB_TB_MM ||
	       k == ARB_TB_SOLK;
}

arb_status arb_standings_compute(const arb_tournament *t, const arb_regulation *reg,
				 const arb_tiebreak *tbs, int ntbs, arb_standings **out,
				 arb_error *err)
{
	arb_tiebreak list[MAX_TIEBREAKS];
	if (out)
		*out = NULL;
	arbI_api_check_err(t && reg && out && ntbs >= 0 && (ntbs == 0 || tbs), err);
	if (t->nplayers < 0 || (t->nplayers > 0 && !t->players))
		return arbI_err_report(err, ARB_E_ARGUMENT, 0, "a tournament without its players");
	ctx c;
	arb_status st = ctx_init(&c, t, reg);
	if (st != ARB_OK) {
		ctx_free(&c);
		return arbI_err_report(err, st, 0, "out of memory");
	}
	if (!tbs) {
		const char *text = t->tiebreaks[0] ? t->tiebreaks :
				   c.rr            ? reg->rr_order :
						     reg->swiss_order;
		ntbs = arb_tiebreak_parse_list(list, MAX_TIEBREAKS, text, err);
		if (ntbs < 0) {
			ctx_free(&c);
			return ARB_E_ARGUMENT;
		}
		tbs = list;
	}
	for (int k = 0; c.rr && reg->rr_buchholz == ARB_RR_BUCHHOLZ_REFUSE && k < ntbs; k++)
		if (is_buchholz(tbs[k].kind)) {
			ctx_free(&c);
			return arbI_err_report(err, ARB_E_ARGUMENT, 0,
					       "%s: the regulation '%s' refuses Buchholz-type "
					       "tie-breaks in a round robin",
					       tbs[k].code, reg->name);
		}
	arb_standings *s = calloc(1, sizeof *s);
	if (!s) {
		ctx_free(&c);
		return arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
	}
	size_t n = (size_t)c.n + 1;
	s->n = c.n;
	s->ntb = ntbs;
	s->tbs = malloc(((size_t)ntbs + 1) * sizeof *s->tbs);
	s->order = calloc(n, sizeof *s->order);
	s->id = calloc(n, sizeof *s->id);
	s->rank = calloc(n, sizeof *s->rank);
	s->points = calloc(n, sizeof *s->points);
	s->cols = calloc((size_t)ntbs + 1, sizeof *s->cols);
	s->out = calloc(n, 1);
	s->bylot = calloc(n, 1);
	sortkey *keys = calloc(n, sizeof *keys);
	column pts = {calloc(n, sizeof(long)), calloc(n, 1), 10};
	st = s->tbs && s->order && s->id && s->rank && s->points && s->cols && s->out && s->bylot &&
			     keys && pts.v && pts.def ?
		     ARB_OK :
		     ARB_E_NOMEM;
	/* a round robin's Buchholz family dropped by the regulation */
	int drop = c.rr && reg->rr_buchholz == ARB_RR_BUCHHOLZ_DROP, kept = 0;
	for (int k = 0; st == ARB_OK && k < ntbs; k++)
		if (!(drop && is_buchholz(tbs[k].kind)))
			s->tbs[kept++] = tbs[k];
	ntbs = s->ntb = kept;
	for (int k = 0; st == ARB_OK && k < ntbs; k++) {
		s->cols[k].v = calloc(n, sizeof(long));
		s->cols[k].def = calloc(n, 1);
		if (!s->cols[k].v || !s->cols[k].def)
			st = ARB_E_NOMEM;
	}
	if (st == ARB_OK) {
		for (int i = 0; i < c.n; i++) {
			s->id[i] = t->players[i].id;
			s->rank[i] = 1;
			s->points[i] = c.total[i];
			s->out[i] = c.out[i];
			pts.v[i] = c.total[i];
			pts.def[i] = !c.out[i]; /* out of the standings: after everyone */
		}
		rerank(s, &pts, 0, keys);
	}
	long *prank = calloc(n, sizeof *prank); /* the ranks by points alone */
	column de = {calloc(n, sizeof(long)), calloc(n, 1), 1};
	if (st == ARB_OK && (!prank || !de.v || !de.def))
		st = ARB_E_NOMEM;
	if (st == ARB_OK)
		memcpy(prank, s->rank, (size_t)c.n * sizeof *prank);
	for (int k = 0; st == ARB_OK && k < ntbs; k++) {
		const arb_tiebreak *tb = &s->tbs[k];
		int de_kind = tb->kind == ARB_TB_DE || tb->kind == ARB_TB_EDE;
		/* C.07 4.2: DE ranks among the players still tied at its place
		 * in the list; its column is among those tied on points, so that
		 * no column depends on the list */
		st = compute_column(&c, reg, tb, de_kind ? prank : s->rank, &s->cols[k]);
		if (st == ARB_OK && de_kind)
			st = compute_column(&c, reg, tb, s->rank, &de);
		for (int i = 0; st == ARB_OK && i < c.n; i++)
			if (c.out[i])
				s->cols[k].def[i] = de.def[i] = 0;
		if (st == ARB_OK && de_kind) {
			rerank(s, &de, ascending(tb), keys);
			continue;
		}
		if (st == ARB_OK)
			rerank(s, &s->cols[k], ascending(tb), keys);
	}
	if (st == ARB_OK && reg->lots && draw_lots(s, reg->lots_seed) != 0)
		st = ARB_E_NOMEM;
	free(prank);
	free(de.v);
	free(de.def);
	free(keys);
	free(pts.v);
	free(pts.def);
	ctx_free(&c);
	if (st != ARB_OK) {
		arb_standings_free(s);
		return arbI_err_report(err, st, 0, "out of memory");
	}
	*out = s;
	return ARB_OK;
}

int arb_standings_count(const arb_standings *s)
{
	arbI_api_check(s, 0);
	return s->n;
}

int arb_standings_ntiebreaks(const arb_standings *s)
{
	arbI_api_check(s, 0);
	return s->ntb;
}

const arb_tiebreak *arb_standings_tiebreak(const arb_standings *s, int k)
{
	arbI_api_check(s && k >= 0 && k < s->ntb, NULL);
	return &s->tbs[k];
}

int arb_standings_row(const arb_standings *s, int i, int *rank, double *points)
{
	arbI_api_check(s && i >= 0 && i < s->n, 0);
	int p = s->order[i];
	if (rank)
		*rank = (int)s->rank[p];
	if (points)
		*points = s->points[p] / 10.0;
	return s->id[p];
}

int arb_standings_value(const arb_standings *s, int i, int k, double *value)
{
	arbI_api_check(s && i >= 0 && i < s->n && k >= 0 && k < s->ntb, -1);
	const column *col = &s->cols[k];
	int p = s->order[i];
	if (value)
		*value = col->def[p] ? (double)col->v[p] / col->scale : 0;
	return col->def[p];
}

int arb_standings_excluded(const arb_standings *s, int i)
{
	arbI_api_check(s && i >= 0 && i < s->n, -1);
	return s->out[s->order[i]];
}

int arb_standings_by_lot(const arb_standings *s, int i)
{
	arbI_api_check(s && i >= 0 && i < s->n, -1);
	return s->bylot[s->order[i]];
}
