/*
 * pair.c -- `arbiter tournament pair|check|result|new|add-player`: the
 * director's file-based workflow on a TRF file.
 *
 *   pair FILE [--round K] [--boards] [--pairing-engine CMD] [--swap-last] [--apply]
 *   check FILE [--round K] [--pairs PAIRS]
 *   result FILE --round K (--game W-B=RES ... | --pgn ROUND.pgn [--rules PROFILE])
 *   new FILE --name NAME --rounds R --system SYSTEM [--city C] [--federation F]
 *       [--start DATE] [--end DATE] [--arbiter NAME] [--tc CODE] [--rules PROFILE]
 *       [--regulations ED]
 *   add-player FILE --name NAME [--rating R] [--title T] [--federation F]
 *       [--fide-id ID] [--sex m|w] [--birth DATE]
 *
 * A round robin is paired by arbiter (the Berger tables), a Swiss by
 * arbiter's Dutch system (C.04.3, revised rules), or either by an external
 * engine called as JaVaFo, bbpPairings and Swiss-Manager are:
 * `CMD --dutch IN.trf -p OUT` (CMD is split into words by the shell), its
 * answer read and checked. Results from a PGN file are the games'
 * verdicts under the rule profile: each game adjudicated, its TRF codes put
 * into the cells of the two players it names. Every write goes through a
 * temporary file renamed over FILE, and says what it changed.
 */
#include <errno.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "adjudicate.h"
#include "tournament.h"

#define CMD "tournament"

void cli_tournament_pair_usage(FILE *out)
{
	fputs("       arbiter tournament pair FILE.trf [--round K] [--boards] [--swap-last]\n"
	      "                               [--edition 2017|2026] [--pairing-engine CMD]\n"
	      "                               [--apply] [--explain ID,..|all]\n"
	      "       arbiter tournament check FILE.trf [--round K] [--pairs PAIRS]\n"
	      "                                [--edition 2017|2026]\n"
	      "       arbiter tournament result FILE.trf --round K (--game W-B=RES ... |\n"
	      "                                 --pgn ROUND.pgn [--rules PROFILE])\n"
	      "       arbiter tournament new FILE.trf --name NAME --rounds R --system SYSTEM\n"
	      "                              [--city C] [--federation F] [--start DATE]\n"
	      "                              [--end DATE] [--arbiter NAME] [--tc CODE]\n"
	      "                              [--chess960 SEED [--chess960-per round|board|pair]\n"
	      "                              [--double960]] [--rules PROFILE]\n"
	      "                              [--regulations ED]\n"
	      "       arbiter tournament add-player FILE.trf --name NAME [--rating R]\n"
	      "                              [--title T] [--federation F] [--fide-id ID]\n"
	      "                              [--sex m|w] [--birth DATE]\n"
	      "\n"
	      "  pair        pairs round K (default: the next) by the file's system (record\n"
	      "              192): a round robin by the Berger tables, a Swiss (or a file\n"
	      "              naming no system) by the FIDE Dutch system, revised rules\n"
	      "              (C.04.3, in force 2026); --pairing-engine CMD instead runs\n"
	      "              `CMD --dutch IN.trf -p OUT` (JaVaFo, bbpPairings) and reads\n"
	      "              its answer; --boards prints the pairing as\n"
	      "              `WHITE BLACK` lines, then `ID bye U`, then `ID bye H|F|Z`;\n"
	      "              --apply writes the round into FILE; --swap-last swaps the last\n"
	      "              two rounds of a double round robin's first cycle; --edition\n"
	      "              2017 pairs a Swiss by the 2017 Dutch rules;\n"
	      "              --explain 7 says why player 7 got his board or bye: the\n"
	      "              colour rule, and the first criterion on which the best\n"
	      "              pairing without it is worse\n"
	      "  check       the pairing rules round K breaks (PAIRS: a .pairs file or an\n"
	      "              engine's answer; default the round as FILE has it), each named;\n"
	      "              in a Swiss, then compared with arbiter's own pairing of the\n"
	      "              round (--edition: the Dutch rules'): the boards that differ\n"
	      "              and the first criterion on which it is worse (exit 1)\n"
	      "  result      results of round K: --game 3-7=1-0 (also 1/2-1/2, 0-1, +/-,\n"
	      "              -/+, -/-), or the games of ROUND.pgn adjudicated under the\n"
	      "              profile (default: the event's, `new --rules`, else\n"
	      "              fide2023-standard), matched to the players by\n"
	      "              WhiteFideId/BlackFideId, else by name\n"
	      "  new         a new TRF-2026 file (refused when FILE exists); --system: a\n"
	      "              record 192 code (FIDE_ROUNDROBIN, FIDE_DUTCH_2026, ...) or\n"
	      "              berger, round-robin, double-berger, double-round-robin, dutch,\n"
	      "              dutch-baku, knockout; --chess960 SEED:\n"
	      "              a Chess960 event, one start position a round drawn from SEED as\n"
	      "              `arbiter 960 --rounds R --seed SEED` draws them, each recorded\n"
	      "              in FILE (a `### arbiter` note) when its round is paired;\n"
	      "              --chess960-per board: each board of round K its own position,\n"
	      "              board B the B-th of `arbiter 960 --rounds 960 --seed SEED+K`;\n"
	      "              --chess960-per pair: as board, but a return game (the second\n"
	      "              of two players' games) replays their first game's position;\n"
	      "              --double960: White's and Black's arrays drawn apart (as\n"
	      "              `arbiter 960` draws double-960 pairs)\n"
	      "              --rules PROFILE, --regulations ED: the event's rule profile\n"
	      "              and regulation (each loaded first: an unknown one is refused),\n"
	      "              stored as notes; `tournament set` changes them\n"
	      "  add-player  a player with the next pairing number\n",
	      out);
}

/* ---- shared ----------------------------------------------------------------- */

/* --edition VALUE of `action` (pair, check): 2017 sets ARB_PAIR_DUTCH_2017
 * in *flags, 2026 nothing. 0, or -1 with a message for another value. */
static int parse_edition(const char *action, const char *value, unsigned *flags)
{
	if (!strcmp(value, "2017"))
		*flags |= ARB_PAIR_DUTCH_2017;
	else if (strcmp(value, "2026") != 0) {
		cli_error(CMD, "%s: --edition is 2017 or 2026, not '%s'", action, value);
		return -1;
	}
	return 0;
}

static int to_stdout(void *ctx, const char *buf, size_t n)
{
	(void)ctx;
	return fwrite(buf, 1, n, stdout) == n ? 0 : -1;
}

static int to_file(void *ctx, const char *buf, size_t n)
{
	return fwrite(buf, 1, n, ctx) == n ? 0 : -1;
}

/* The name of player id ("7 Carlsen, Magnus"). */
static void who(const arb_tournament *t, int id, char *buf, size_t n)
{
	arb_tournament_player p;
	int i = arb_tournament_player_index(t, id);
	if (i >= 0 && arb_tournament_get_player(t, i, &p) == ARB_OK)
		snprintf(buf, n, "%d %s", id, p.name);
	else
		snprintf(buf, n, "%d", id);
}

static void print_pairing(const arb_tournament *t, const arb_pairing *p, int boards)
{
	if (boards) {
		arb_pairing_write(p, to_stdout, NULL);
		return;
	}
	printf("round %d: %d boards\n", arb_pairing_round(p), arb_pairing_boards(p));
	for (int i = 0; i < arb_pairing_boards(p); i++) {
		arb_board b;
		char w[64], k[64];
		arb_pairing_board(p, i, &b);
		who(t, b.white, w, sizeof w);
		who(t, b.black, k, sizeof k);
		printf("%4d  %-36s - %s\n", i + 1, w, k);
	}
	for (int i = 0; i < arb_pairing_byes(p); i++) {
		int id;
		char code, w[64];
		arb_pairing_bye(p, i, &id, &code);
		who(t, id, w, sizeof w);
		printf("bye   %-36s %s\n", w,
		       code == 'U' ? "pairing-allocated bye" :
		       code == 'H' ? "half-point bye" :
		       code == 'F' ? "full-point bye" :
				     "absent");
	}
}

/* Reads all of a small file (an engine's answer, a .pairs). */
static char *read_small(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *s = NULL;
	size_t n = 0, cap = 0;
	if (!f) {
		cli_error(CMD, "cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (n == cap) {
			char *q = cap < (16u << 20) ? realloc(s, cap = cap ? 2 * cap : 4096) : NULL;
			if (!q) {
				cli_error(CMD, "%s: too large or out of memory", path);
				free(s);
				fclose(f);
				return NULL;
			}
			s = q;
		}
		size_t k = fread(s + n, 1, cap - n, f);
		n += k;
		if (k == 0)
			break;
	}
	fclose(f);
	*len = n;
	return s;
}

/* Runs CMD --dutch IN -p OUT for round `round` and reads the answer. */
static arb_pairing *engine_pairing(const arb_tournament *t, int round, const char *cmd)
{
	/* in $TMPDIR (else /tmp), whatever its length */
	const char *tmp = getenv("TMPDIR");
	if (!tmp || !*tmp)
		tmp = "/tmp";
	size_t n = strlen(tmp) + 32;
	char *dir = malloc(n), *in = malloc(n), *out = malloc(n);
	arb_pairing *p = NULL;
	if (!dir || !in || !out) {
		cli_error(CMD, "out of memory");
		free(dir);
		free(in);
		free(out);
		return NULL;
	}
	snprintf(dir, n, "%s/arbiter-pair.XXXXXX", tmp);
	if (!mkdtemp(dir)) {
		cli_error(CMD, "cannot make a temporary directory in %s: %s", tmp, strerror(errno));
		free(dir);
		free(in);
		free(out);
		return NULL;
	}
	snprintf(in, n, "%s/in.trf", dir);
	snprintf(out, n, "%s/out.txt", dir);
	FILE *f = fopen(in, "wb");
	arb_status st = f ? arb_trf_write(t, 0, to_file, f) : ARB_E_IO;
	if (!f || fclose(f) != 0 || st != ARB_OK) {
		cli_error(CMD, "cannot write %s for the pairing engine", in);
		goto done;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		cli_error(CMD, "cannot start the pairing engine: %s", strerror(errno));
		goto done;
	}
	if (pid == 0) {
		/* $0 unquoted: CMD may carry its own arguments */
		execl("/bin/sh", "sh", "-c", "exec $0 --dutch \"$1\" -p \"$2\" >&2", cmd, in, out,
		      (char *)NULL);
		_exit(127);
	}
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		cli_error(CMD, "the pairing engine '%s' failed (%s %d)", cmd,
			  WIFEXITED(status) ? "exit status" : "signal",
			  WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
		goto done;
	}
	size_t len;
	char *text = read_small(out, &len);
	if (!text)
		goto done;
	arb_error err;
	if (arb_pairing_from_engine(t, round, text, len, &p, &err) != ARB_OK)
		cli_error(CMD, "the pairing engine's answer: %s", err.message);
	free(text);
done:
	unlink(in);
	unlink(out);
	rmdir(dir);
	free(dir);
	free(in);
	free(out);
	return p;
}

/* Prints the problems of p under the edition of flags; returns their
 * number. */
static int report_check(const arb_tournament *t, const arb_pairing *p, unsigned flags)
{
	arb_error probs[64];
	int n = arb_pairing_check(t, p, flags, probs, 64);
	for (int i = 0; i < n && i < 64; i++)
		printf("round %d: %s\n", arb_pairing_round(p), probs[i].message);
	if (n > 64)
		printf("round %d: and %d more\n", arb_pairing_round(p), n - 64);
	return n;
}

/* ---- Chess960 rounds -------------------------------------------------------- */

/* "N (RANK)" or, double, "W-B (WRANK brank)". */
static void c960_text(char *buf, size_t n, int w, int b, int dbl)
{
	char wr[9], br[9];
	arb_chess960_back_rank(w, wr);
	arb_chess960_back_rank(b, br);
	for (char *s = br; *s; s++)
		*s = (char)(*s - 'A' + 'a');
	if (dbl)
		snprintf(buf, n, "%d-%d (%s %s)", w, b, wr, br);
	else
		snprintf(buf, n, "%d (%s)", w, wr);
}

/* The Chess960 positions of p's boards (the library's draw, recorded when
 * the round is applied): printed unless `quiet`. 0 when t is not a Chess960
 * event, 1 with the positions, -1 after a message. */
static int chess960_round(const arb_tournament *t, const arb_pairing *p, int quiet)
{
	arb_tournament_960 c;
	arb_error err;
	if (arb_tournament_get_960(t, &c, &err) != ARB_OK) {
		cli_error(CMD, "%s", err.message);
		return -1;
	}
	if (!c.on)
		return 0;
	int r = arb_pairing_round(p), n = c.per == ARB_960_PER_ROUND ? 1 : arb_pairing_boards(p);
	for (int i = 0; i < n; i++) {
		arb_board b = {0, 0};
		int w, k;
		char text[48];
		if (i < arb_pairing_boards(p))
			arb_pairing_board(p, i, &b);
		if (arb_tournament_game_960(t, r, i + 1, b.white, b.black, &w, &k, &err) !=
		    ARB_OK) {
			cli_error(CMD, "round %d: the Chess960 draw: %s", r, err.message);
			return -1;
		}
		c960_text(text, sizeof text, w, k, c.dbl);
		if (quiet)
			continue;
		if (c.per == ARB_960_PER_ROUND)
			printf("Chess960 position %s, drawn from the event's seed\n", text);
		else
			printf("board %d: Chess960 position %s\n", i + 1, text);
	}
	return 1;
}

/* ---- pair ------------------------------------------------------------------- */

/* --explain LIST: each player of LIST ("3,17" or "all": every player of the
 * pairing, in board order) explained in turn, a blank line between. */
static int explain_players(const arb_tournament *t, int round, unsigned flags, const char *list,
			   const char *file)
{
	arb_error err;
	arb_pairing *p = NULL;
	int rc = CLI_OK, first = 1;
	if (!strcmp(list, "all")) {
		if (arb_tournament_pair(t, round, flags, &p, &err) != ARB_OK) {
			cli_error(CMD, "%s: %s", file, err.message);
			return CLI_FAIL;
		}
		for (int b = 0; b < arb_pairing_boards(p) && rc == CLI_OK; b++) {
			arb_board bd;
			arb_pairing_board(p, b, &bd);
			for (int k = 0; k < 2 && rc == CLI_OK; k++) {
				if (!first)
					fputc('\n', stdout);
				first = 0;
				if (arb_pairing_explain(t, arb_pairing_round(p), flags,
							k ? bd.black : bd.white, to_stdout, NULL,
							&err) != ARB_OK) {
					cli_error(CMD, "%s: %s", file, err.message);
					rc = CLI_FAIL;
				}
			}
		}
		for (int i = 0; i < arb_pairing_byes(p) && rc == CLI_OK; i++) {
			int id;
			char code;
			arb_pairing_bye(p, i, &id, &code);
			if (code != 'U')
				continue;
			fputc('\n', stdout);
			if (arb_pairing_explain(t, arb_pairing_round(p), flags, id, to_stdout, NULL,
						&err) != ARB_OK) {
				cli_error(CMD, "%s: %s", file, err.message);
				rc = CLI_FAIL;
			}
		}
		arb_pairing_free(p);
		return rc;
	}
	for (const char *s = list; *s && rc == CLI_OK;) {
		char *end;
		long id = strtol(s, &end, 10);
		if (end == s || id < 1 || id > 9999 || (*end && *end != ',')) {
			cli_error(CMD,
				  "pair: --explain takes player numbers (3,17) or 'all', "
				  "not '%s'",
				  list);
			return CLI_USAGE;
		}
		if (!first)
			fputc('\n', stdout);
		first = 0;
		if (arb_pairing_explain(t, round, flags, (int)id, to_stdout, NULL, &err) !=
		    ARB_OK) {
			cli_error(CMD, "%s: %s", file, err.message);
			rc = CLI_FAIL;
		}
		s = *end ? end + 1 : end;
	}
	return rc;
}

int cli_tournament_pair(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char *opt, *engine = NULL, *value, *explain = NULL;
	int round = 0, boards = 0, apply = 0, rc = CLI_OK, bad = 0, got;
	unsigned flags = 0;
	cli_argv it;
	if (!operand) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	cli_argv_init(&it, argc, argv, operand);
	while ((opt = cli_next_option(&it)) && rc == CLI_OK) {
		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			rc = CLI_DONE;
			break;
		}
		if ((got = cli_option_value(&it, CMD, "--round", &value)) != 0)
			rc = got < 0 || cli_tournament_parse_int("--round", value, 1,
								 ARB_TRF_ROUNDS_MAX, &round) ?
				     CLI_USAGE :
				     CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--pairing-engine", &engine)) != 0)
			rc = got < 0 ? CLI_USAGE : CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--edition", &value)) != 0)
			rc = got < 0 || parse_edition("pair", value, &flags) ? CLI_USAGE : CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--explain", &explain)) != 0)
			rc = got < 0 ? CLI_USAGE : CLI_OK;
		else if (!strcmp(opt, "--boards"))
			boards = 1;
		else if (!strcmp(opt, "--apply"))
			apply = 1;
		else if (!strcmp(opt, "--swap-last"))
			flags |= ARB_PAIR_SWAP_LAST;
		else {
			cli_error(CMD, "pair: unknown option '%s' (try 'arbiter help tournament')",
				  opt);
			rc = CLI_USAGE;
		}
	}
	if (rc == CLI_OK && it.noperands != 1) {
		cli_error(CMD, "pair: one FILE.trf expected (try 'arbiter help tournament')");
		rc = CLI_USAGE;
	}
	if (rc == CLI_OK && explain && (engine || apply)) {
		cli_error(CMD, "pair: --explain explains arbiter's own pairing: not with %s",
			  engine ? "--pairing-engine" : "--apply");
		rc = CLI_USAGE;
	}
	arb_tournament *t = rc == CLI_OK ? cli_tournament_load(operand[0], &bad) : NULL;
	if (rc == CLI_OK && !t)
		rc = CLI_USAGE;
	if (t && bad) {
		cli_error(CMD, "%s has broken lines: not paired", operand[0]);
		rc = CLI_FAIL;
	}
	if (rc == CLI_OK && explain) {
		rc = explain_players(t, round, flags, explain, operand[0]);
		arb_tournament_free(t);
		free(operand);
		return rc;
	}
	arb_pairing *p = NULL;
	if (rc == CLI_OK) {
		arb_error err;
		if (engine)
			p = engine_pairing(t, round, engine);
		else if (arb_tournament_pair(t, round, flags, &p, &err) != ARB_OK)
			cli_error(CMD, "%s: %s", operand[0], err.message);
		if (!p)
			rc = CLI_FAIL;
	}
	if (p && engine && report_check(t, p, flags) > 0) {
		cli_error(CMD, "the pairing engine's pairing breaks the rules above: not applied");
		apply = 0;
		rc = CLI_FAIL;
	}
	if (p)
		print_pairing(t, p, boards);
	if (p && chess960_round(t, p, boards) < 0)
		rc = CLI_FAIL;
	if (rc == CLI_OK && apply) {
		if (arb_tournament_apply_pairing(t, p) != ARB_OK) {
			cli_error(CMD, "%s: round %d cannot be applied", operand[0],
				  arb_pairing_round(p));
			rc = CLI_FAIL;
		} else
			rc = cli_tournament_save(t, 0, operand[0]);
		if (rc == CLI_OK)
			fprintf(stderr,
				"arbiter: %s: round %d paired: %d boards, %d byes written\n",
				operand[0], arb_pairing_round(p), arb_pairing_boards(p),
				arb_pairing_byes(p));
	}
	arb_pairing_free(p);
	arb_tournament_free(t);
	free(operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}

/* ---- check ------------------------------------------------------------------ */

/* The pairing round r has in t, as the .pairs form: white cells are the
 * boards (in white's id order: a file keeps no board order), then the byes. */
static arb_pairing *played_pairing(const arb_tournament *t, int r)
{
	size_t cap = 64, n = 0;
	char *text = malloc(cap);
	int count = arb_tournament_player_count(t);
	for (int pass = 0; pass < 2 && text; pass++)
		for (int i = 0; i < count && text; i++) {
			arb_tournament_player pl;
			arb_tournament_cell c;
			char line[64];
			int k = 0;
			arb_tournament_get_player(t, i, &pl);
			if (arb_tournament_get_cell(t, i, r, &c) != ARB_OK)
				continue;
			if (pass == 0 && c.opponent && c.color == 'w')
				k = snprintf(line, sizeof line, "%d %d\n", pl.id, c.opponent);
			else if (pass == 1 && !c.opponent && strchr("UHFZ", c.result) && c.result)
				k = snprintf(line, sizeof line, "%d bye %c\n", pl.id, c.result);
			if (k > 0 && n + (size_t)k + 1 > cap) {
				char *q = realloc(text, cap *= 2);
				if (!q) {
					free(text);
					text = NULL;
					break;
				}
				text = q;
			}
			if (k > 0 && text) {
				memcpy(text + n, line, (size_t)k);
				n += (size_t)k;
			}
		}
	if (!text)
		return NULL;
	arb_pairing *p = NULL;
	arb_error err;
	if (arb_pairing_from_engine(t, r, text, n, &p, &err) != ARB_OK)
		cli_error(CMD, "round %d as the file has it: %s", r, err.message);
	free(text);
	return p;
}

/* The pairing compared with arbiter's when t is a Swiss by the Dutch
 * system: 0 the same, 1 it differs (both said on stdout), -1 no
 * comparison (said on stderr when it failed). */
static int compare_with_own(const arb_tournament *t, const arb_pairing *p, unsigned flags)
{
	arb_tournament_info info;
	arb_error err;
	int differs = 0;
	arb_tournament_get_info(t, &info);
	if (strncmp(info.system, "FIDE_DUTCH", 10) != 0 && info.system[0])
		return -1; /* a round robin: its boards are its table's */
	fflush(stdout);
	arb_status st = arb_pairing_compare(t, p, flags, &differs, to_stdout, NULL, &err);
	if (st != ARB_OK) {
		cli_error(CMD, "check: no comparison with arbiter's pairing: %s",
			  st == ARB_E_NOMEM ? "out of memory" : err.message);
		return -1;
	}
	return differs;
}

int cli_tournament_check(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char *opt, *pairs = NULL, *value;
	int round = 0, rc = CLI_OK, bad = 0, got;
	unsigned flags = 0;
	cli_argv it;
	if (!operand) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	cli_argv_init(&it, argc, argv, operand);
	while ((opt = cli_next_option(&it)) && rc == CLI_OK) {
		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			rc = CLI_DONE;
			break;
		}
		if ((got = cli_option_value(&it, CMD, "--round", &value)) != 0)
			rc = got < 0 || cli_tournament_parse_int("--round", value, 1,
								 ARB_TRF_ROUNDS_MAX, &round) ?
				     CLI_USAGE :
				     CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--pairs", &pairs)) != 0)
			rc = got < 0 ? CLI_USAGE : CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--edition", &value)) != 0)
			rc = got < 0 || parse_edition("check", value, &flags) ? CLI_USAGE : CLI_OK;
		else {
			cli_error(CMD, "check: unknown option '%s' (try 'arbiter help tournament')",
				  opt);
			rc = CLI_USAGE;
		}
	}
	if (rc == CLI_OK && it.noperands != 1) {
		cli_error(CMD, "check: one FILE.trf expected (try 'arbiter help tournament')");
		rc = CLI_USAGE;
	}
	arb_tournament *t = rc == CLI_OK ? cli_tournament_load(operand[0], &bad) : NULL;
	if (rc == CLI_OK && !t)
		rc = CLI_USAGE;
	arb_pairing *p = NULL;
	if (rc == CLI_OK) {
		int played = arb_tournament_rounds_played(t);
		if (!round)
			round = pairs ? played + 1 : played;
		if (!pairs && (round < 1 || round > played)) {
			cli_error(CMD, "check: round %d is not paired in %s (%d rounds are)", round,
				  operand[0], played);
			rc = CLI_USAGE;
		} else if (round > ARB_TRF_ROUNDS_MAX) {
			cli_error(CMD, "check: %s has %d rounds paired: a TRF has at most %d",
				  operand[0], played, ARB_TRF_ROUNDS_MAX);
			rc = CLI_USAGE;
		} else if (pairs) {
			size_t len;
			char *text = read_small(pairs, &len);
			arb_error err;
			if (!text)
				rc = CLI_USAGE;
			else if (arb_pairing_from_engine(t, round, text, len, &p, &err) != ARB_OK) {
				cli_error(CMD, "%s: %s", pairs, err.message);
				rc = CLI_FAIL;
			}
			free(text);
		} else if (!(p = played_pairing(t, round))) {
			rc = CLI_FAIL;
		}
	}
	if (rc == CLI_OK) {
		int n = report_check(t, p, flags);
		printf("round %d: %d board%s, %d bye%s: %d problem%s\n", round,
		       arb_pairing_boards(p), arb_pairing_boards(p) == 1 ? "" : "s",
		       arb_pairing_byes(p), arb_pairing_byes(p) == 1 ? "" : "s", n,
		       n == 1 ? "" : "s");
		rc = n ? CLI_FAIL : CLI_OK;
		if (n == 0 && compare_with_own(t, p, flags) == 1)
			rc = CLI_FAIL;
	}
	arb_pairing_free(p);
	arb_tournament_free(t);
	free(operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}

/* ---- result ----------------------------------------------------------------- */

/* The TRF result pair of a result text: "1-0" 1 0, "0-1" 0 1, "1/2-1/2" = =,
 * "+/-" + -, "-/+" - +, "-/-" - -. 0 for another text. */
static int result_codes(const char *text, char *w, char *b)
{
	static const struct {
		const char *text;
		char w, b;
	} table[] = {
		{"1-0", '1', '0'}, {"0-1", '0', '1'}, {"1/2-1/2", '=', '='}, {"=", '=', '='},
		{"+/-", '+', '-'}, {"-/+", '-', '+'}, {"-/-", '-', '-'},
	};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (!strcmp(text, table[i].text)) {
			*w = table[i].w;
			*b = table[i].b;
			return 1;
		}
	return 0;
}

/* The player a PGN game names for `side` ("White"/"Black"): by FIDE id,
 * else by name (as written in the TRF, case and spacing exact). 0 none. */
static int player_of(const arb_tournament *t, const arb_record *rec, const char *side)
{
	char tag[32];
	snprintf(tag, sizeof tag, "%sFideId", side);
	const char *fid = arb_record_tag(rec, tag), *name = arb_record_tag(rec, side);
	int found = 0;
	for (int i = 0; i < arb_tournament_player_count(t); i++) {
		arb_tournament_player p;
		arb_tournament_get_player(t, i, &p);
		if ((fid && fid[0] && !strcmp(fid, p.fide_id)) ||
		    (!(fid && fid[0]) && name && !strcmp(name, p.name))) {
			if (found)
				return -1; /* two players of that name */
			found = p.id;
		}
	}
	return found;
}

typedef struct result_run {
	arb_tournament *t;
	const arb_rules *rules;
	int round, set, failed;
} result_run;

/* Puts one game's result into round r: the pair must be the round's. */
static int set_result(arb_tournament *t, int r, int white, int black, char wr, char br,
		      const char *where)
{
	int i = arb_tournament_player_index(t, white);
	arb_tournament_cell c;
	if (i < 0 || arb_tournament_player_index(t, black) < 0) {
		cli_error(CMD, "%s: no player %d in the tournament", where, i < 0 ? white : black);
		return -1;
	}
	if (arb_tournament_get_cell(t, i, r, &c) != ARB_OK || c.opponent != black ||
	    c.color != 'w') {
		cli_error(CMD, "%s: %d-%d is not a game of round %d", where, white, black, r);
		return -1;
	}
	if (arb_tournament_set_game(t, r, white, black, wr, br) != ARB_OK) {
		cli_error(CMD, "%s: the result %c-%c cannot be set", where, wr, br);
		return -1;
	}
	return 0;
}

static int result_game(arb_record *rec, const char *name, long number, void *ctx)
{
	result_run *run = ctx;
	char where[512];
	snprintf(where, sizeof where, "%s: game %ld", name, number);
	int w = player_of(run->t, rec, "White"), b = player_of(run->t, rec, "Black");
	if (w <= 0 || b <= 0) {
		cli_error(CMD, "%s: %s '%s' is %s in the tournament", where,
			  w <= 0 ? "White" : "Black",
			  arb_record_tag(rec, w <= 0 ? "White" : "Black") ?
				  arb_record_tag(rec, w <= 0 ? "White" : "Black") :
				  "",
			  (w <= 0 ? w : b) < 0 ? "two players" : "no player");
		run->failed = 1;
		return 0;
	}
	arb_error err;
	arb_game *g = arb_game_from_record(rec, run->rules, &err);
	if (!g) {
		cli_error(CMD, "%s: %s", where, err.message);
		run->failed = 1;
		return err.code == ARB_E_NOMEM ? -1 : 0;
	}
	arb_game_result res;
	arb_game_result_get(g, &res);
	arb_game_free(g);
	if (!res.trf[0][0] || !res.trf[1][0]) {
		cli_error(CMD, "%s: the game is not over (%s)", where, res.result);
		run->failed = 1;
		return 0;
	}
	if (set_result(run->t, run->round, w, b, res.trf[0][0], res.trf[1][0], where) != 0) {
		run->failed = 1;
		return 0;
	}
	printf("round %d: %d-%d %c-%c (%s%s%s)\n", run->round, w, b, res.trf[0][0], res.trf[1][0],
	       res.reason, res.article[0] ? ", " : "", res.article);
	run->set++;
	return 0;
}

int cli_tournament_result(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char **games = calloc((size_t)argc + 1, sizeof *games);
	const char *opt, *pgn = NULL, *rules = NULL, *value;
	int round = 0, rc = CLI_OK, bad = 0, got, ngames = 0;
	cli_argv it;
	if (!operand || !games) {
		free(operand);
		free(games);
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	cli_argv_init(&it, argc, argv, operand);
	while ((opt = cli_next_option(&it)) && rc == CLI_OK) {
		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			rc = CLI_DONE;
			break;
		}
		if ((got = cli_option_value(&it, CMD, "--round", &value)) != 0)
			rc = got < 0 || cli_tournament_parse_int("--round", value, 1,
								 ARB_TRF_ROUNDS_MAX, &round) ?
				     CLI_USAGE :
				     CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--pgn", &pgn)) != 0)
			rc = got < 0 ? CLI_USAGE : CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--rules", &rules)) != 0)
			rc = got < 0 ? CLI_USAGE : CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--game", &value)) != 0) {
			rc = got < 0 ? CLI_USAGE : CLI_OK;
			games[ngames++] = value;
		} else {
			cli_error(CMD,
				  "result: unknown option '%s' (try 'arbiter help tournament')",
				  opt);
			rc = CLI_USAGE;
		}
	}
	if (rc == CLI_OK && (it.noperands != 1 || !round || (!pgn && !ngames))) {
		cli_error(CMD, "result: FILE.trf, --round K and --game or --pgn expected (try "
			       "'arbiter help tournament')");
		rc = CLI_USAGE;
	}
	arb_tournament *t = rc == CLI_OK ? cli_tournament_load(operand[0], &bad) : NULL;
	if (rc == CLI_OK && !t)
		rc = CLI_USAGE;
	if (t && bad) {
		cli_error(CMD, "%s has broken lines: nothing changed", operand[0]);
		rc = CLI_FAIL;
	}
	if (rc == CLI_OK && round > arb_tournament_rounds_played(t)) {
		cli_error(CMD, "result: round %d is not paired yet (%d rounds are)", round,
			  arb_tournament_rounds_played(t));
		rc = CLI_FAIL;
	}
	int set = 0;
	for (int k = 0; rc == CLI_OK && k < ngames; k++) {
		int w, b, n = 0;
		char wr, br, text[16], where[64];
		snprintf(where, sizeof where, "--game %s", games[k]);
		if (sscanf(games[k], "%d-%d=%15s%n", &w, &b, text, &n) != 3 ||
		    games[k][n] != '\0' || !result_codes(text, &wr, &br)) {
			cli_error(CMD,
				  "%s: not W-B=RESULT (RESULT 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-)",
				  where);
			rc = CLI_USAGE;
		} else if (set_result(t, round, w, b, wr, br, where) != 0) {
			rc = CLI_FAIL;
		} else {
			printf("round %d: %d-%d %c-%c\n", round, w, b, wr, br);
			set++;
		}
	}
	if (rc == CLI_OK && pgn && !rules) /* the event's profile (new/set --rules) */
		rules = arb_tournament_note(t, "rules") ? arb_tournament_note(t, "rules") :
							  "fide2023-standard";
	if (rc == CLI_OK && pgn) {
		arb_profile *profile = cli_profile_open(CMD, rules, NULL, NULL);
		if (!profile) {
			rc = CLI_USAGE;
		} else {
			result_run run = {t, arb_profile_rules(profile), round, 0, 0};
			cli_games count = {0, 0, 0};
			if (cli_read_games(CMD, pgn, 0, NULL, result_game, &run, &count) < 0 ||
			    count.io_failed)
				rc = CLI_USAGE;
			else if (run.failed || count.bad)
				rc = CLI_FAIL;
			set += run.set;
			arb_profile_free(profile);
		}
	}
	if (rc == CLI_OK) {
		rc = cli_tournament_save(t, 0, operand[0]);
		if (rc == CLI_OK)
			fprintf(stderr, "arbiter: %s: %d result%s of round %d written\n",
				operand[0], set, set == 1 ? "" : "s", round);
	} else if (t) {
		fprintf(stderr, "arbiter: %s: not changed\n", operand[0]);
	}
	arb_tournament_free(t);
	free(operand);
	free(games);
	return rc == CLI_DONE ? CLI_OK : rc;
}

/* ---- new and add-player ----------------------------------------------------- */

static void copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src);
}

/* --system: a short name or a TRF-2026 record 192 code (upper case, digits
 * and '_', as written); NULL when it is neither. */
static const char *system_code(const char *name)
{
	static const struct {
		const char *name, *code;
	} alias[] = {
		{"berger", "FIDE_ROUNDROBIN"},
		{"round-robin", "FIDE_ROUNDROBIN"},
		{"double-berger", "FIDE_DOUBLEROUNDROBIN"},
		{"double-round-robin", "FIDE_DOUBLEROUNDROBIN"},
		{"dutch", "FIDE_DUTCH_2026"},
		{"dutch-baku", "FIDE_DUTCH_2026_BAKU"},
		{"knockout", "knockout"}, /* TRF-2026 has no code: kept as written */
	};
	size_t k;
	const char *c;

	for (k = 0; k < sizeof alias / sizeof alias[0]; k++)
		if (!strcmp(name, alias[k].name))
			return alias[k].code;
	if (!*name || *name == '_')
		return NULL;
	for (c = name; *c; c++)
		if (!((*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_'))
			return NULL;
	return name;
}

int cli_tournament_new(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char *opt, *value;
	int rc = CLI_OK, got, rounds = 0;
	const char *seed = NULL, *per = NULL, *rules = NULL, *regs = NULL;
	int dbl = 0;
	arb_tournament_info in;
	cli_argv it;
	arb_tournament *t = arb_tournament_new();
	if (!operand || !t || arb_tournament_get_info(t, &in) != ARB_OK) {
		free(operand);
		arb_tournament_free(t);
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	cli_argv_init(&it, argc, argv, operand);
	while ((opt = cli_next_option(&it)) && rc == CLI_OK) {
		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			rc = CLI_DONE;
			break;
		}
		static const struct {
			const char *name;
			size_t offset, size;
		} text[] = {
			{"--name", offsetof(arb_tournament_info, name), sizeof in.name},
			{"--city", offsetof(arb_tournament_info, city), sizeof in.city},
			{"--federation", offsetof(arb_tournament_info, federation),
			 sizeof in.federation},
			{"--start", offsetof(arb_tournament_info, start), sizeof in.start},
			{"--end", offsetof(arb_tournament_info, end), sizeof in.end},
			{"--arbiter", offsetof(arb_tournament_info, chief_arbiter),
			 sizeof in.chief_arbiter},
			{"--system", offsetof(arb_tournament_info, system), sizeof in.system},
			{"--tc", offsetof(arb_tournament_info, tc_code), sizeof in.tc_code},
		};
		if ((got = cli_option_value(&it, CMD, "--chess960", &value)) != 0) {
			char *end;
			errno = 0;
			if (got > 0)
				(void)strtoull(value, &end, 10);
			if (got < 0 || errno || end == value || *end || *value == '-') {
				if (got > 0)
					cli_error(CMD,
						  "--chess960: '%s' is not a seed (0 to 2^64-1)",
						  value);
				rc = CLI_USAGE;
			}
			seed = value;
			continue;
		}
		if ((got = cli_option_value(&it, CMD, "--rules", &rules)) != 0 ||
		    (got = cli_option_value(&it, CMD, "--regulations", &regs)) != 0) {
			rc = got < 0 ? CLI_USAGE : CLI_OK;
			continue;
		}
		if ((got = cli_option_value(&it, CMD, "--chess960-per", &value)) != 0) {
			if (got > 0 && strcmp(value, "round") && strcmp(value, "board") &&
			    strcmp(value, "pair")) {
				cli_error(CMD, "--chess960-per: round, board or pair, not '%s'",
					  value);
				got = -1;
			}
			if (got < 0)
				rc = CLI_USAGE;
			per = value;
			continue;
		}
		if (!strcmp(opt, "--double960")) {
			dbl = 1;
			continue;
		}
		size_t k;
		got = 0;
		for (k = 0; k < sizeof text / sizeof text[0] && !got; k++)
			if ((got = cli_option_value(&it, CMD, text[k].name, &value)) > 0)
				copy((char *)&in + text[k].offset, text[k].size, value);
		if (got < 0)
			rc = CLI_USAGE;
		else if (got)
			continue;
		else if ((got = cli_option_value(&it, CMD, "--rounds", &value)) != 0)
			rc = got < 0 || cli_tournament_parse_int("--rounds", value, 1,
								 ARB_TRF_ROUNDS_MAX, &rounds) ?
				     CLI_USAGE :
				     CLI_OK;
		else {
			cli_error(CMD, "new: unknown option '%s' (try 'arbiter help tournament')",
				  opt);
			rc = CLI_USAGE;
		}
	}
	struct stat st;
	if (rc == CLI_OK && (it.noperands != 1 || !in.name[0] || !rounds || !in.system[0])) {
		cli_error(CMD, "new: FILE.trf, --name, --rounds and --system expected (try "
			       "'arbiter help tournament')");
		rc = CLI_USAGE;
	} else if (rc == CLI_OK && !system_code(in.system)) {
		cli_error(CMD,
			  "new: --system '%s' is neither a short name (berger, round-robin, "
			  "double-berger, double-round-robin, dutch, dutch-baku, knockout) nor a "
			  "record 192 code (FIDE_ROUNDROBIN, FIDE_DUTCH_2026, ...)",
			  in.system);
		rc = CLI_USAGE;
	} else if (rc == CLI_OK && stat(operand[0], &st) == 0) {
		cli_error(CMD, "new: %s exists: not overwritten", operand[0]);
		rc = CLI_FAIL;
	}
	if (rc == CLI_OK && ((rules && cli_tournament_check_rules(rules)) ||
			     (regs && cli_tournament_check_regulations(regs))))
		rc = CLI_USAGE; /* refused: an unknown profile or regulation */
	if (rc == CLI_OK && !seed && (per || dbl)) {
		cli_error(CMD, "new: %s goes with --chess960 SEED",
			  per ? "--chess960-per" : "--double960");
		rc = CLI_USAGE;
	}
	arb_tournament_960 c960 = {0, 0, ARB_960_PER_ROUND, dbl};
	if (seed) {
		c960.on = 1;
		c960.seed = (uint64_t)strtoull(seed, NULL, 10);
		c960.per = !per || !strcmp(per, "round") ? ARB_960_PER_ROUND :
			   !strcmp(per, "board")         ? ARB_960_PER_BOARD :
							   ARB_960_PER_PAIR;
	}
	if (rc == CLI_OK) {
		char code[sizeof in.system];

		copy(code, sizeof code, system_code(in.system));
		memcpy(in.system, code, sizeof code);
	}
	if (rc == CLI_OK) {
		in.rounds = rounds;
		in.first_color = 'w';
		if (seed && !dbl && c960.per == ARB_960_PER_ROUND && in.rounds > 960) {
			cli_error(CMD,
				  "new: a Chess960 event with one position a round has at most "
				  "960 rounds");
			rc = CLI_USAGE;
		} else if (arb_tournament_set_info(t, &in) != ARB_OK ||
			   (seed && arb_tournament_set_960(t, &c960) != ARB_OK) ||
			   (rules && arb_tournament_set_note(t, "rules", rules) != ARB_OK) ||
			   (regs && arb_tournament_set_note(t, "regulations", regs) != ARB_OK)) {
			cli_error(CMD, "new: a field has a control character or is out of range");
			rc = CLI_USAGE;
		} else {
			rc = cli_tournament_save(t, 0, operand[0]);
		}
		if (rc == CLI_OK)
			fprintf(stderr,
				"arbiter: %s: a new tournament, %s, %d rounds, %s%s%s%s%s\n",
				operand[0], in.name, rounds, in.system, rules ? ", rules " : "",
				rules ? rules : "", regs ? ", regulations " : "", regs ? regs : "");
	}
	arb_tournament_free(t);
	free(operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}

int cli_tournament_add_player(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char *opt, *value;
	int rc = CLI_OK, got, bad = 0, id = 0;
	arb_tournament_player p;
	cli_argv it;
	if (!operand) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	memset(&p, 0, sizeof p);
	p.sex = ' ';
	cli_argv_init(&it, argc, argv, operand);
	while ((opt = cli_next_option(&it)) && rc == CLI_OK) {
		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			rc = CLI_DONE;
			break;
		}
		if ((got = cli_option_value(&it, CMD, "--name", &value)) > 0)
			copy(p.name, sizeof p.name, value);
		else if (got == 0 && (got = cli_option_value(&it, CMD, "--title", &value)) > 0)
			copy(p.title, sizeof p.title, value);
		else if (got == 0 && (got = cli_option_value(&it, CMD, "--federation", &value)) > 0)
			copy(p.federation, sizeof p.federation, value);
		else if (got == 0 && (got = cli_option_value(&it, CMD, "--fide-id", &value)) > 0)
			copy(p.fide_id, sizeof p.fide_id, value);
		else if (got == 0 && (got = cli_option_value(&it, CMD, "--birth", &value)) > 0)
			copy(p.birth, sizeof p.birth, value);
		else if (got == 0 && (got = cli_option_value(&it, CMD, "--sex", &value)) > 0) {
			if (strcmp(value, "m") && strcmp(value, "w")) {
				cli_error(CMD, "--sex: m or w, not '%s'", value);
				rc = CLI_USAGE;
			}
			p.sex = value[0];
		} else if (got == 0 && (got = cli_option_value(&it, CMD, "--rating", &value)) > 0) {
			if (cli_tournament_parse_int("--rating", value, 0, 9999, &p.rating))
				rc = CLI_USAGE;
		} else if (got == 0) {
			cli_error(CMD,
				  "add-player: unknown option '%s' (try 'arbiter help tournament')",
				  opt);
			rc = CLI_USAGE;
		}
		if (got < 0)
			rc = CLI_USAGE;
	}
	if (rc == CLI_OK && (it.noperands != 1 || !p.name[0])) {
		cli_error(CMD, "add-player: FILE.trf and --name expected (try 'arbiter help "
			       "tournament')");
		rc = CLI_USAGE;
	}
	arb_tournament *t = rc == CLI_OK ? cli_tournament_load(operand[0], &bad) : NULL;
	if (rc == CLI_OK && !t)
		rc = CLI_USAGE;
	if (t && bad) {
		cli_error(CMD, "%s has broken lines: nothing changed", operand[0]);
		rc = CLI_FAIL;
	}
	if (rc == CLI_OK) {
		arb_status st = arb_tournament_add_player(t, &p, &id);
		if (st != ARB_OK) {
			cli_error(CMD, "add-player: %s",
				  st == ARB_E_NOMEM ?
					  "out of memory" :
					  "a field has a control character or is out of range");
			rc = CLI_FAIL;
		} else {
			rc = cli_tournament_save(t, 0, operand[0]);
		}
		if (rc == CLI_OK)
			fprintf(stderr, "arbiter: %s: player %d, %s, added\n", operand[0], id,
				p.name);
	}
	arb_tournament_free(t);
	free(operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}
