/*
 * tournament.c -- `arbiter tournament show|export`: a TRF file's event and
 * players, and the file written again (TRF-2026 or TRF-16).
 *
 * Both read the whole file (TRF-2026 or TRF-16, CR, LF or CRLF) with the
 * library's reader; every problem it finds goes to stderr as
 * "arbiter: tournament: FILE:LINE:COLUMN: why". `show` prints what was read
 * even when some lines were broken (exit 1 then). `export` writes nothing
 * when the input has an error; with -o it writes a temporary file beside
 * OUT and renames it over OUT, so OUT is never half written (OUT may be the
 * input itself).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "standings.h"
#include "tournament.h"

#define CMD "tournament"
#define MAX_FILE (64L << 20)

void cli_tournament_usage(FILE *out)
{
	fputs("usage: arbiter tournament show FILE.trf\n"
	      "       arbiter tournament export FILE.trf [--trf16|--trf26] [--keep-eol] [-o OUT]\n"
	      "       arbiter tournament export FILE.trf --pgn [--round K|last] [-o OUT]\n"
	      "       arbiter tournament standings FILE.trf [--regulations ED] [--tiebreaks LIST]\n"
	      "                                   [--json] [--html FILE]\n"
	      "       arbiter tournament crosstable FILE.trf [--regulations ED] [--tiebreaks LIST]\n"
	      "                                    [--json] [--html FILE]\n"
	      "       arbiter tournament compare FILE.trf --regulations ED1,ED2 [--tiebreaks LIST]\n"
	      "                                 [--json]\n"
	      "\n"
	      "  show    the event (name, place, dates, system, rounds, point system,\n"
	      "          tie-breaks) and the players table: pairing number, title, name,\n"
	      "          rating, federation, points, rank and one cell per round played\n"
	      "          (opponent, colour, result: 12w1, 7b=, U for the pairing-allocated\n"
	      "          bye, H F Z for the other byes); the stored rule profile and\n"
	      "          regulations, the withdrawn players and the prohibited pairings\n"
	      "  export  the file written again: records the model does not change are\n"
	      "          written as read, in order; --pgn: the games of round K (last: the\n"
	      "          last round paired; default every round, in order) as PGN, tags\n"
	      "          and result, no moves: Event, Site, Date (record 132's, else\n"
	      "          042's), Round, Board (where known), White, Black, Elo, FideId,\n"
	      "          Title, Fed; a forfeit 1-0 or 0-1 with Termination \"forfeit\";\n"
	      "          byes left out; a Chess960 event's FEN, SetUp and Variant\n"
	      "  standings  the players ranked by points, then by each tie-break in turn\n"
	      "          under the regulation ED (fide2022, fide2024, fide2026 (default),\n"
	      "          fide2009, uscf); --tiebreaks LIST in record 202's spelling\n"
	      "          (BH/C1,BH,DE; default the file's 202, else the regulation's);\n"
	      "          --json: {\"players\": [{\"id\", \"rank\", \"points\",\n"
	      "          \"tiebreaks\": {CODE: value|null}}]}; --html FILE: the table as a\n"
	      "          self-contained, printable HTML page (tie-break columns by code and\n"
	      "          edition)\n"
	      "  crosstable  the same order, one column per round played: the opponent's\n"
	      "          No (row), colour and result (12w1, 7b½), or the bye (U H F Z);\n"
	      "          --json, --html FILE as for standings\n"
	      "  compare  the standings under the editions ED1 and ED2 side by side (ED1's\n"
	      "          order); the players whose place changed marked and counted; --json\n"
	      "\n"
	      "FILE is TRF-2026 or TRF-16 (JaVaFo's XXR, XXC, XXS), lines ended by CR, LF\n"
	      "or CRLF; '-' is standard input. Every problem found (a broken line: its\n"
	      "line, column and why; warnings too) goes to standard error.\n"
	      "\n"
	      "  --trf16     export TRF-16: XXR, XXC, XXS, the next round's byes in the cells\n"
	      "  --trf26     export TRF-2026: 142, 152, 162, byes as 240 records\n"
	      "              (neither: the dialect read)\n"
	      "  --keep-eol  each line's end as read (else CR, as TRF prescribes): a file\n"
	      "              exported in its own dialect is then the same bytes\n"
	      "  --pgn       export the games of the rounds as PGN (see export)\n"
	      "  --round K   with --pgn: round K only (last: the last round paired)\n"
	      "  -o OUT      write OUT (a temporary file renamed over it) instead of\n"
	      "              standard output; OUT may be FILE\n"
	      "\n"
	      "Exit status: 0 ok, 1 a broken line (export writes nothing then) or a\n"
	      "failed write, 2 bad command line or unreadable file.\n",
	      out);
	cli_tournament_pair_usage(out);
	cli_tournament_entries_usage(out);
	cli_tournament_knockout_usage(out);
}

/* Reads all of path ("-": standard input) into a new buffer (tournament.h). */
char *cli_tournament_slurp(const char *cmd, const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *s = NULL;
	size_t n = 0, cap = 0;

	if (!f) {
		cli_error(cmd, "cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		size_t k;

		if (n == cap) {
			char *p;

			cap = cap ? 2 * cap : 65536;
			if ((long)cap > MAX_FILE + 1) {
				cli_error(cmd, "%s: larger than %ld bytes", path, MAX_FILE);
				goto fail;
			}
			p = realloc(s, cap);
			if (!p) {
				cli_error(cmd, "out of memory");
				goto fail;
			}
			s = p;
		}
		k = fread(s + n, 1, cap - n, f);
		n += k;
		if (k == 0)
			break;
	}
	if (ferror(f)) {
		cli_error(cmd, "cannot read %s: %s", path, strerror(errno));
		goto fail;
	}
	if (f != stdin)
		fclose(f);
	*len = n;
	return s ? s : calloc(1, 1);
fail:
	if (f != stdin)
		fclose(f);
	free(s);
	return NULL;
}

int cli_tournament_parse_int(const char *opt, const char *text, int lo, int hi, int *out)
{
	char *end;
	long v;
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < lo || v > hi) {
		cli_error(CMD, "%s: '%s' is not a number from %d to %d", opt, text, lo, hi);
		return -1;
	}
	*out = (int)v;
	return 0;
}

/* Reads FILE and reports its problems. *bad: it had an error. NULL (after a
 * message) when it cannot be read at all. */
arb_tournament *cli_tournament_load(const char *path, int *bad)
{
	const char *name = strcmp(path, "-") == 0 ? "(stdin)" : path;
	arb_tournament *t = NULL;
	arb_error err;
	arb_status st;
	size_t len = 0;
	char *text = cli_tournament_slurp(CMD, path, &len);
	int k;

	if (!text)
		return NULL;
	st = arb_trf_read(text, len, name, 0, &t, &err);
	free(text);
	if (st == ARB_E_NOMEM || !t) {
		cli_error(CMD, "%s", err.message[0] ? err.message : arb_status_name(st));
		return NULL;
	}
	for (k = 0; k < arb_tournament_problems(t); k++) {
		arb_error e;

		arb_tournament_problem(t, k, &e);
		cli_error(CMD, "%s", e.message);
	}
	*bad = st != ARB_OK;
	return t;
}

static void points(char *buf, size_t n, int tenths)
{
	snprintf(buf, n, "%s%d.%d", tenths < 0 ? "-" : "", abs(tenths) / 10, abs(tenths) % 10);
}

/* "withdrawn:     7 (rounds 3-4), 12 (from round 6)" */
static void show_withdrawn(const arb_tournament *t)
{
	int any = 0;
	for (int i = 0; i < arb_tournament_player_count(t); i++) {
		arb_tournament_player p;
		int from, to;
		arb_tournament_get_player(t, i, &p);
		for (int k = 0; arb_tournament_withdrawal(t, p.id, k, &from, &to); k++) {
			printf("%s%d ", any++ ? ", " : "withdrawn:     ", p.id);
			if (to == 0)
				printf("(from round %d)", from);
			else if (to == from)
				printf("(round %d)", from);
			else
				printf("(rounds %d-%d)", from, to);
		}
	}
	if (any)
		putchar('\n');
}

/* "prohibited:    1 2 3 (rounds 1-9); 4 5 (rounds 1-9)" */
static void show_prohibited(const arb_tournament *t)
{
	int n = arb_tournament_prohibited_count(t);
	int *ids = malloc(sizeof *ids * (size_t)(arb_tournament_player_count(t) + 1));
	for (int k = 0; k < n && ids; k++) {
		int first, last, nids;
		arb_tournament_prohibited_get(t, k, &first, &last, ids,
					      arb_tournament_player_count(t) + 1, &nids);
		printf("%s", k ? "; " : "prohibited:    ");
		for (int j = 0; j < nids && j <= arb_tournament_player_count(t); j++)
			printf("%s%d", j ? " " : "", ids[j]);
		printf(" (rounds %d-%d)", first, last);
	}
	if (n && ids)
		putchar('\n');
	free(ids);
}

static void show_event(const arb_tournament *t)
{
	arb_tournament_info in;
	char w[16], d[16], l[16], u[16], h[16], z[16];

	arb_tournament_get_info(t, &in);
	printf("event:         %s\n", in.name[0] ? in.name : "(no name)");
	if (in.city[0] || in.federation[0])
		printf("place:         %s%s%s\n", in.city,
		       in.city[0] && in.federation[0] ? ", " : "", in.federation);
	if (in.start[0] || in.end[0])
		printf("dates:         %s%s%s\n", in.start, in.end[0] ? " - " : "", in.end);
	if (in.type[0])
		printf("type:          %s\n", in.type);
	if (in.system[0])
		printf("system:        %s\n", in.system);
	if (in.chief_arbiter[0])
		printf("chief arbiter: %s\n", in.chief_arbiter);
	if (in.time_control[0] || in.tc_code[0])
		printf("time control:  %s%s%s%s\n", in.time_control,
		       in.time_control[0] && in.tc_code[0] ? " (" : "", in.tc_code,
		       in.time_control[0] && in.tc_code[0] ? ")" : "");
	if (in.rounds)
		printf("rounds:        %d played of %d\n", arb_tournament_rounds_played(t),
		       in.rounds);
	else
		printf("rounds:        %d played\n", arb_tournament_rounds_played(t));
	if (in.first_color != ' ')
		printf("first colour:  %s\n", in.first_color == 'w' ? "white" : "black");
	points(w, sizeof w, in.points.win);
	points(d, sizeof d, in.points.draw);
	points(l, sizeof l, in.points.loss);
	points(u, sizeof u, in.points.pab);
	points(h, sizeof h, in.points.half_bye);
	points(z, sizeof z, in.points.zero_bye);
	printf("points:        win %s, draw %s, loss %s, pairing-allocated bye %s, "
	       "half-point bye %s, absence %s\n",
	       w, d, l, u, h, z);
	if (in.tiebreaks[0])
		printf("tie-breaks:    %s\n", in.tiebreaks);
	if (arb_tournament_note(t, "rules"))
		printf("rules:         %s\n", arb_tournament_note(t, "rules"));
	if (arb_tournament_note(t, "regulations"))
		printf("regulations:   %s\n", arb_tournament_note(t, "regulations"));
	show_withdrawn(t);
	show_prohibited(t);
	printf("file:          %s%s, %d players\n",
	       in.dialect == ARB_TRF_16 ? "TRF-16" : "TRF-2026", in.team ? " (team event)" : "",
	       arb_tournament_player_count(t));
}

static void show_players(const arb_tournament *t)
{
	int i, r, rounds = arb_tournament_rounds_played(t);

	printf("\n%4s %-3s %-33s %6s %-3s %6s %4s", "id", "tit", "name", "rating", "fed", "points",
	       "rank");
	for (r = 1; r <= rounds; r++)
		printf(" %6d", r);
	putchar('\n');
	for (i = 0; i < arb_tournament_player_count(t); i++) {
		arb_tournament_player p;
		char pts[16], rating[16], rank[16];

		arb_tournament_get_player(t, i, &p);
		points(pts, sizeof pts, p.points);
		snprintf(rating, sizeof rating, "%d", p.rating);
		snprintf(rank, sizeof rank, "%d", p.rank);
		printf("%4d %-3s %-33s %6s %-3s %6s %4s", p.id, p.title, p.name,
		       p.rating ? rating : "", p.federation, pts, p.rank ? rank : "");
		for (r = 1; r <= rounds; r++) {
			arb_tournament_cell c;
			char cell[16];

			arb_tournament_get_cell(t, i, r, &c);
			if (c.opponent)
				snprintf(cell, sizeof cell, "%d%c%c", c.opponent, c.color,
					 c.result == ' ' ? '?' : c.result);
			else
				snprintf(cell, sizeof cell, "%c", c.result == ' ' ? 'Z' : c.result);
			printf(" %6s", cell);
		}
		putchar('\n');
	}
}

static int write_file(void *ctx, const char *buf, size_t n)
{
	return fwrite(buf, 1, n, ctx) == n ? 0 : 1;
}

/* What goes into a file: TRF (flags) or the PGN of a round. */
typedef struct payload {
	const arb_tournament *t;
	unsigned flags;
	int pgn, round; /* pgn: arb_tournament_write_pgn of round (0: all) */
} payload;

static arb_status emit(const payload *w, FILE *f, arb_error *err)
{
	if (w->pgn)
		return arb_tournament_write_pgn(w->t, w->round, write_file, f, err);
	return arb_trf_write(w->t, w->flags, write_file, f);
}

/* Writes w into path through a temporary file renamed over it. */
static int save(const payload *w, const char *path)
{
	size_t n = strlen(path) + 32;
	struct stat st;
	char *tmp;
	FILE *f;
	int fd, rc = 0;
	arb_status status;
	arb_error err;

	memset(&err, 0, sizeof err);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		cli_error(CMD, "-o: %s is not a regular file", path);
		return CLI_FAIL;
	}
	tmp = malloc(n);
	if (!tmp) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0 || !(f = fdopen(fd, "wb"))) {
		cli_error(CMD, "cannot create %s: %s", tmp, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return CLI_FAIL;
	}
	status = emit(w, f, &err);
	if (fclose(f) != 0 || status != ARB_OK) {
		cli_error(CMD, "error writing %s: %s", tmp,
			  status == ARB_E_NOMEM ? "out of memory" :
			  err.message[0]        ? err.message :
						  strerror(errno));
		rc = CLI_FAIL;
	} else if (rename(tmp, path) != 0) {
		cli_error(CMD, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
		rc = CLI_FAIL;
	}
	if (rc != 0)
		unlink(tmp);
	free(tmp);
	return rc;
}

/* Writes t into path through a temporary file renamed over it. */
int cli_tournament_save(const arb_tournament *t, unsigned flags, const char *path)
{
	payload w = {t, flags, 0, 0};
	return save(&w, path);
}

static int export(const payload *w, const char *out)
{
	arb_error err;
	arb_status st;
	if (out)
		return save(w, out);
	memset(&err, 0, sizeof err);
	if ((st = emit(w, stdout, &err)) != ARB_OK) {
		cli_error(CMD, "%s",
			  err.message[0] ? err.message : "error writing to standard output");
		return st == ARB_E_ARGUMENT ? CLI_USAGE : CLI_FAIL;
	}
	return CLI_OK;
}

/* --round K|last for --pgn: 0 < K, or -1 (last) into *round; -1 after a
 * message. */
static int pgn_round(const char *text, int *round)
{
	char *end;
	long v;
	if (!strcmp(text, "last")) {
		*round = -1;
		return 0;
	}
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < 1 || v > ARB_TRF_ROUNDS_MAX) {
		cli_error(CMD, "export: --round: '%s' is not last nor a number from 1 to %d", text,
			  ARB_TRF_ROUNDS_MAX);
		return -1;
	}
	*round = (int)v;
	return 0;
}

int cli_tournament(int argc, char **argv)
{
	char **operand;
	const char *opt, *out = NULL, *action, *round_text = NULL;
	unsigned flags = 0;
	int rc, bad = 0, dialects = 0, pgn = 0;
	payload w = {NULL, 0, 0, 0};
	cli_argv it;
	arb_tournament *t;

	if (argc < 1) {
		cli_error(
			CMD,
			"missing action: show, export, standings, pair, check, result, new, add-player, "
			"withdraw, prohibit, set or knockout "
			"(try 'arbiter help tournament')");
		return CLI_USAGE;
	}
	action = argv[0];
	if (strcmp(action, "standings") == 0)
		return cli_standings(argc - 1, argv + 1);
	if (strcmp(action, "pair") == 0)
		return cli_tournament_pair(argc - 1, argv + 1);
	if (strcmp(action, "check") == 0)
		return cli_tournament_check(argc - 1, argv + 1);
	if (strcmp(action, "result") == 0)
		return cli_tournament_result(argc - 1, argv + 1);
	if (strcmp(action, "new") == 0)
		return cli_tournament_new(argc - 1, argv + 1);
	if (strcmp(action, "add-player") == 0)
		return cli_tournament_add_player(argc - 1, argv + 1);
	if (strcmp(action, "crosstable") == 0)
		return cli_crosstable(argc - 1, argv + 1);
	if (strcmp(action, "compare") == 0)
		return cli_editions(argc - 1, argv + 1);
	if (strcmp(action, "knockout") == 0)
		return cli_tournament_knockout(argc - 1, argv + 1);
	if (strcmp(action, "withdraw") == 0)
		return cli_tournament_withdraw(argc - 1, argv + 1);
	if (strcmp(action, "prohibit") == 0)
		return cli_tournament_prohibit(argc - 1, argv + 1);
	if (strcmp(action, "set") == 0)
		return cli_tournament_set(argc - 1, argv + 1);
	if (strcmp(action, "show") != 0 && strcmp(action, "export") != 0) {
		cli_error(CMD, "unknown action '%s' (try 'arbiter help tournament')", action);
		return CLI_USAGE;
	}
	operand = calloc((size_t)argc + 1, sizeof *operand);
	if (!operand) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	cli_argv_init(&it, argc - 1, argv + 1, operand);
	while ((opt = cli_next_option(&it))) {
		int got;

		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			free(operand);
			return CLI_OK;
		}
		if (!strcmp(action, "export") && !strcmp(opt, "--trf16")) {
			flags |= ARB_TRF_WRITE_16;
			dialects++;
		} else if (!strcmp(action, "export") && !strcmp(opt, "--trf26")) {
			flags |= ARB_TRF_WRITE_2026;
			dialects++;
		} else if (!strcmp(action, "export") && !strcmp(opt, "--keep-eol")) {
			flags |= ARB_TRF_EOL_AS_READ;
		} else if (!strcmp(action, "export") && !strcmp(opt, "--pgn")) {
			pgn = 1;
		} else if (!strcmp(action, "export") &&
			   (got = cli_option_value(&it, CMD, "--round", &round_text)) != 0) {
			if (got < 0 || pgn_round(round_text, &w.round) < 0) {
				free(operand);
				return CLI_USAGE;
			}
		} else if (!strcmp(action, "export") &&
			   (got = cli_option_value(&it, CMD, "-o", &out)) != 0) {
			if (got < 0) {
				free(operand);
				return CLI_USAGE;
			}
		} else {
			cli_error(CMD, "%s: unknown option '%s' (try 'arbiter help tournament')",
				  action, opt);
			free(operand);
			return CLI_USAGE;
		}
	}
	if (dialects > 1 || (pgn && (dialects || (flags & ARB_TRF_EOL_AS_READ)))) {
		cli_error(CMD, "export: %s exclude each other",
			  pgn ? "--pgn and --trf16, --trf26, --keep-eol" : "--trf16 and --trf26");
		free(operand);
		return CLI_USAGE;
	}
	if (round_text && !pgn) {
		cli_error(CMD, "export: --round goes with --pgn");
		free(operand);
		return CLI_USAGE;
	}
	if (it.noperands != 1) {
		cli_error(CMD, "%s: expected one FILE.trf (try 'arbiter help tournament')", action);
		free(operand);
		return CLI_USAGE;
	}
	char operand0[256];
	snprintf(operand0, sizeof operand0, "%s", operand[0]);
	t = cli_tournament_load(operand[0], &bad);
	free(operand);
	if (!t)
		return CLI_USAGE;
	if (!strcmp(action, "show")) {
		show_event(t);
		show_players(t);
		rc = bad ? CLI_FAIL : CLI_OK;
	} else if (bad) {
		cli_error(CMD, "export: the input has broken lines: nothing written");
		rc = CLI_FAIL;
	} else {
		w.t = t;
		w.flags = flags;
		w.pgn = pgn;
		if (w.round < 0) /* --round last */
			w.round = arb_tournament_rounds_played(t);
		if (round_text && w.round == 0) {
			cli_error(CMD, "export: --round last: no round of %s is paired", operand0);
			rc = CLI_USAGE;
		} else {
			rc = export(&w, out);
		}
	}
	arb_tournament_free(t);
	return rc;
}
