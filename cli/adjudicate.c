/*
 * adjudicate.c -- `arbiter adjudicate`: games decided under a
 * competition-rule profile.
 *
 * Replays each game of PGN files (moves, [%clk] readings and the comment
 * commands [%claim ...], [%flag ...], [%illegal ...]) or one token log
 * (--events) under a profile and prints the result, the reason, its detail,
 * the clock effects and the article: one line per game, or one JSON object
 * per line (cli/verdict.c). It streams: the games are parsed and decided on
 * --jobs threads, a bounded window of them in flight, and written out in
 * input order (cli/jobs.h), so the output does not depend on the number of
 * threads. A profile with Lua hooks is loaded once per thread (one Lua
 * state each); one without is plain data, shared. A game that cannot be
 * read or replayed is reported on stderr (file, line, game) and the others
 * go on; the exit status is then 1. --write-pgn writes to a temporary file
 * renamed over OUT only at the end of a run without failures, so OUT is
 * never left half-written.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adjudicate.h"

void cli_adjudicate_usage(FILE *out)
{
	fputs("usage: arbiter adjudicate --profile P [options] [--strict] [FILE.pgn...]\n"
	      "       arbiter adjudicate --profile P [--fen FEN] [--chess960] --events TOKENS\n"
	      "                          [--json] [--write-pgn OUT]\n"
	      "\n"
	      "Decides each game of the PGN files (FILE '-' or none: standard input) under\n"
	      "the competition-rule profile P and prints one line per game:\n"
	      "  game N: WHITE - BLACK: RESULT REASON (DETAIL) [EFFECTS] -- ARTICLE\n"
	      "RESULT is the scored result; EFFECTS lists the clock changes and the board\n"
	      "result when it differs from the score. Events that are not moves come from\n"
	      "comment commands: {[%claim threefold white]} {[%offer black]} {[%flag white]}\n"
	      "{[%illegal white e2e5]} {[%clock 600 600]} ... (the token grammar below with\n"
	      "blanks for colons), after the move they follow. When they do not end a game,\n"
	      "its Result and Termination tags do: Termination \"Time forfeit\" is a flag,\n"
	      "\"abandoned\", \"stalled connection\", \"rules infraction\" and \"adjudication\"\n"
	      "a forfeit (a draw: the arbiter's), \"illegal move\" an illegal move, \"normal\"\n"
	      "a resignation, claim or agreement; each decided under P (detail: inferred);\n"
	      "\"unterminated\" and others are left as they are.\n"
	      "\n"
	      "  --profile P         fide2014-blitz, fide2023-rapid{supervision=full},\n"
	      "                      uscf-standard{tc=G/90,delay=5}, online,\n"
	      "                      armageddon{base=fide2023-blitz} ... ('arbiter profiles');\n"
	      "                      quote a value with commas: tc=\"40/120, SD/60;d5\"\n"
	      "  --profile-path DIR  look for profile scripts in DIR first (':' separates)\n"
	      "  --json              one JSON object per game and line: game, white, black,\n"
	      "                      event, site, date, round, board (PGN games), result,\n"
	      "                      board_result, termination, reason, detail, article,\n"
	      "                      effects, trf, points, events\n"
	      "  --write-pgn OUT     also write every game to OUT with its events as comment\n"
	      "                      commands; Result and Termination stay when they say\n"
	      "                      what the profile decided, else they are set to it (the\n"
	      "                      file's go to OriginalResult, OriginalTermination); an\n"
	      "                      ending inferred from them is written only then, marked\n"
	      "                      [%... inferred]; OUT is replaced only when every game\n"
	      "                      was adjudicated\n"
	      "  --events TOKENS     adjudicate one event log instead of PGN files: moves in\n"
	      "                      UCI or SAN (e2e4 or e4) and events such as\n"
	      "                      claim:threefold:white[@g1f3 or @Nf3],\n"
	      "                      claim:fifty|qpf|increment|time:COLOR, ruling:draw|reject,\n"
	      "                      offer|accept|decline|resign|flag|flagdown:COLOR,\n"
	      "                      flag:both,\n"
	      "                      illegal|retracted:COLOR:UCI, nopromo:COLOR:UCI,\n"
	      "                      illegal:COLOR (the move not recorded),\n"
	      "                      pressnomove:COLOR, clock:SECW:SECB, late:COLOR:SEC,\n"
	      "                      forfeit:COLOR:abandoned|stalled|infraction|illegal|\n"
	      "                      adjudication (a loss decided off the board)\n"
	      "  --fen FEN           with --events: the start position (default: standard)\n"
	      "  --chess960          with --events: read FEN as Chess960 (also --960)\n"
	      "  --jobs N            decide the games on N threads (1-256; default: the\n"
	      "                      processors online); the output is the same for any N\n"
	      "  --no-summary        accepted like compare's (adjudicate has no summary)\n"
	      "  --verbose           what the profile's scripts print() goes to stderr, each\n"
	      "                      line after the script's name and line; a hook's lines\n"
	      "                      come with the messages of its game (without it: nowhere)\n"
	      "  --strict            an unknown comment command ([%%clam ...], [%%Flag ...])\n"
	      "                      makes its game an error, not a warning on stderr;\n"
	      "                      known: the events above and clk, emt, egt, mct, eval,\n"
	      "                      csl, cal, tqu, evp, mdl, timestamp, c_effect, draw\n"
	      "\n"
	      "N counts the games of each FILE from 1. Exit status: 0 ok; 1 a game that\n"
	      "could not be read or adjudicated (reported, the others go on), an unknown\n"
	      "profile or a bad token; 2 bad command line or unreadable file.\n",
	      out);
}

#ifdef ARBITER_HAVE_LUA

/* ------------------------------------------------------------------------
 * --write-pgn: a temporary file next to OUT, renamed over it at the end
 * ---------------------------------------------------------------------- */

struct pgn_out {
	const char *path;
	char *tmp;
	FILE *f;
};

static int write_file(void *ctx, const char *buf, size_t n)
{
	return fwrite(buf, 1, n, ctx) == n ? 0 : 1;
}

/* Creates OUT.tmp.PID (mode 0666 less the umask, as OUT would get). */
static int pgn_out_open(struct pgn_out *o, const char *cmd, const char *path)
{
	size_t n = strlen(path) + 32;
	struct stat st;
	int fd;

	/* The rename at the end would replace a device or a directory entry
	 * such as /dev/null with a plain file. */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		cli_error(cmd, "--write-pgn: %s is not a regular file", path);
		return -1;
	}
	o->path = path;
	o->tmp = malloc(n);
	if (!o->tmp) {
		cli_error(cmd, "out of memory");
		return -1;
	}
	snprintf(o->tmp, n, "%s.tmp.%ld", path, (long)getpid());
	fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0) {
		cli_error(cmd, "cannot create %s: %s", o->tmp, strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	o->f = fdopen(fd, "w");
	if (!o->f) {
		cli_error(cmd, "cannot write %s: %s", o->tmp, strerror(errno));
		close(fd);
		unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	return 0;
}

/* Renames the temporary file over OUT when `keep`, else removes it.
 * Returns 0, or -1 after a message when writing or renaming failed. */
static int pgn_out_close(struct pgn_out *o, const char *cmd, int keep)
{
	int rc = 0;

	if (!o->f)
		return 0;
	if (fclose(o->f) != 0 && keep) {
		cli_error(cmd, "error writing %s: %s", o->tmp, strerror(errno));
		rc = -1;
	}
	o->f = NULL;
	if (keep && rc == 0 && rename(o->tmp, o->path) != 0) {
		cli_error(cmd, "cannot rename %s to %s: %s", o->tmp, o->path, strerror(errno));
		rc = -1;
	}
	if (!keep || rc != 0)
		unlink(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
	return rc;
}

/* Writes the game's events into `rec` (the record it was replayed from) and
 * the record as PGN to `to`. Returns 0; 1 when the game cannot be written
 * back (the record goes on after the game ended under the profile); -1
 * when out of memory; -2 when writing failed. */
static int write_game(FILE *to, const arb_game *g, arb_record *rec)
{
	arb_status status = arb_game_to_record(g, rec);

	if (status == ARB_E_NOMEM)
		return -1;
	if (status != ARB_OK)
		return 1; /* the caller names the game */
	if (arb_pgn_write(rec, write_file, to) != ARB_OK || ferror(to))
		return -2;
	return 0;
}

/* ------------------------------------------------------------------------
 * adjudicate: command line
 * ---------------------------------------------------------------------- */

#define CMD "adjudicate"

struct adj_args {
	const char *profile;   /* --profile */
	const char *path;      /* --profile-path, or NULL */
	const char *fen;       /* --fen, or NULL */
	const char *events;    /* --events, or NULL */
	const char *write_pgn; /* --write-pgn, or NULL */
	unsigned fen_mode;     /* ARB_FEN_AUTO, _CHESS960 or _STANDARD */
	int json;
	int verbose; /* --verbose: the scripts' print() to stderr */
	int strict;  /* --strict: unknown comment commands are errors */
	int jobs;    /* --jobs */
	char **file; /* argc + 1 entries */
	int nfiles;
};

/* Returns CLI_OK, CLI_USAGE after a message, or CLI_DONE when --help was
 * answered. */
static int adj_parse(int argc, char **argv, struct adj_args *a)
{
	static const char *const names[] = {"--profile", "--profile-path", "--fen", "--events",
					    "--write-pgn"};
	const char **slots[] = {&a->profile, &a->path, &a->fen, &a->events, &a->write_pgn};
	const char *arg;
	cli_argv it;
	int m, k;

	cli_argv_init(&it, argc, argv, a->file);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			cli_adjudicate_usage(stdout);
			return CLI_DONE;
		}
		if (strcmp(arg, "--json") == 0) {
			a->json = 1;
			continue;
		}
		if (strcmp(arg, "--no-summary") == 0)
			continue; /* there is none */
		if (strcmp(arg, "--verbose") == 0) {
			a->verbose = 1;
			continue;
		}
		if (strcmp(arg, "--strict") == 0) {
			a->strict = 1;
			continue;
		}
		m = cli_jobs_option(&it, CMD, &a->jobs);
		if (m < 0)
			return CLI_USAGE;
		if (m > 0)
			continue;
		m = cli_fen_mode_option(CMD, arg, &a->fen_mode);
		if (m < 0)
			return CLI_USAGE;
		if (m > 0)
			continue;
		for (k = 0, m = 0; k < 5 && m == 0; k++)
			m = cli_value_option(&it, CMD, names[k], slots[k]);
		if (m < 0)
			return CLI_USAGE;
		if (m == 0) {
			cli_error(CMD, "unknown option '%s' (try 'arbiter adjudicate --help')",
				  arg);
			return CLI_USAGE;
		}
	}
	a->nfiles = it.noperands;
	if (!a->profile) {
		cli_error(CMD, "missing --profile P (try 'arbiter profiles')");
		return CLI_USAGE;
	}
	if (a->events && a->nfiles > 0) {
		cli_error(CMD, "--events adjudicates one token log: no FILE with it");
		return CLI_USAGE;
	}
	if (!a->events && (a->fen || a->fen_mode != ARB_FEN_AUTO)) {
		cli_error(CMD, "--fen, --chess960 and --standard go with --events");
		return CLI_USAGE;
	}
	if (a->write_pgn && strcmp(a->write_pgn, "-") == 0) {
		cli_error(CMD, "--write-pgn needs a file name (standard output has the results)");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* ------------------------------------------------------------------------
 * adjudicate: the run
 * ---------------------------------------------------------------------- */

struct adj_run {
	const struct adj_args *args;
	const arb_rules *rules;
	struct pgn_out out; /* --write-pgn; out.f NULL without */
	cli_tally tally;
	int workers;       /* made so far */
	cli_prints prints; /* the profile's print() (--verbose) */
};

/* A worker's rules: the run's, or its own copy of a profile with hooks;
 * `prints` is where that profile's print() goes (a game's messages). */
struct adj_worker {
	const struct adj_args *args;
	const arb_rules *rules;
	arb_profile *own;
	cli_prints own_prints;
	cli_prints *prints;
};

/* A game's part of the counts. */
struct adj_result {
	int failed;
};

static void *adj_worker_new(void *ctx)
{
	struct adj_run *run = ctx;
	struct adj_worker *w = calloc(1, sizeof *w);

	if (!w) {
		cli_error(CMD, "out of memory");
		return NULL;
	}
	w->args = run->args;
	w->rules = run->rules;
	w->prints = &run->prints;
	/* A hook runs in its profile's Lua state: one per thread. Its copy
	 * loads silently (the run's load has printed what the scripts print). */
	if (run->workers++ > 0 && (run->rules->on_move || run->rules->on_end)) {
		w->prints = &w->own_prints;
		w->own = cli_profile_open(CMD, run->args->profile, run->args->path,
					  run->args->verbose ? w->prints : NULL);
		if (!w->own) {
			free(w);
			return NULL;
		}
		w->rules = arb_profile_rules(w->own);
	}
	return w;
}

static void adj_worker_free(void *worker)
{
	struct adj_worker *w = worker;

	if (!w)
		return;
	arb_profile_free(w->own);
	free(w);
}

/* The game's TimeControl against the profile's speed: a warning on the
 * game's own stream, every game (a summary at the end would make the
 * messages of shards differ from the whole file's, docs/streaming.md). */
static void speed_check(FILE *err, const cli_game_id *id, const arb_record *rec,
			const arb_rules *rules)
{
	char why[ARB_ERROR_MESSAGE_SIZE];

	if (!cli_speed_mismatch(arb_record_tag(rec, "TimeControl"), rules, why, sizeof why))
		return;
	cli_report_game_warning(err, CMD, id, "TimeControl ", why);
}

/* On a worker: one game decided, its line on job->out, its PGN on job->aux
 * with --write-pgn. */
static int adj_game_body(struct adj_worker *w, cli_job *job, arb_record *rec)
{
	struct adj_result *res = job->result;
	cli_game_id id;
	arb_error err;
	arb_game *g;
	int rc = 0;

	cli_game_id_from_job(&id, rec, job);
	cli_report_record_warnings(job->err, CMD, rec);
	speed_check(job->err, &id, rec, w->rules);
	memset(&err, 0, sizeof err);
	g = arb_game_from_record(rec, w->rules, &err);
	if (!g) {
		if (err.code == ARB_E_NOMEM) {
			cli_message(job->err, CMD, "out of memory");
			return -1;
		}
		cli_report_game_error(job->err, CMD, &id, NULL, &err);
		res->failed = 1;
		return 0;
	}
	cli_print_game(job->out, &id, g, w->args->json);
	if (job->aux)
		rc = write_game(job->aux, g, rec);
	if (rc < 0) {
		cli_message(job->err, CMD, "out of memory");
	} else if (rc > 0) {
		snprintf(err.message, sizeof err.message,
			 "--write-pgn: the game ends at ply %d under this profile but the record "
			 "goes on to ply %d, so it cannot be written back",
			 arb_game_ply_count(g), arb_record_ply_count(rec));
		err.line = 0;
		cli_report_game_error(job->err, CMD, &id, NULL, &err);
		res->failed = 1;
		rc = 0;
	}
	arb_game_free(g);
	return rc;
}

/* The game with what its hooks print among its messages, in input order.
 * Only a profile with hooks prints during a game; it is this worker's
 * alone (the first worker's is the run's), so no other thread touches its
 * `prints`. */
static int adj_game(void *worker, cli_job *job, arb_record *rec)
{
	struct adj_worker *w = worker;
	int hooks = w->rules->on_move || w->rules->on_end;
	FILE *was = w->prints->out;
	int rc;

	if (!w->args->verbose || !hooks)
		return adj_game_body(w, job, rec);
	w->prints->out = job->err;
	rc = adj_game_body(w, job, rec);
	w->prints->out = was;
	return rc;
}

/* On the main thread, in input order. */
static int adj_merge(void *ctx, const cli_job *job)
{
	struct adj_run *run = ctx;
	const struct adj_result *res = job->result;

	run->tally.failed += res->failed;
	return 0;
}

/* What the run assumed about time controls, before any game. */
static void warn_profile_tc(const arb_rules *rules)
{
	char why[ARB_ERROR_MESSAGE_SIZE];

	cli_warn_tc_units(CMD, rules->tc);
	if (cli_speed_mismatch(rules->tc, rules, why, sizeof why))
		cli_error(CMD, "warning: the profile's time control %s", why);
}

/* --events: the start position, read as Chess960 when asked or when the
 * profile plays Chess960. Returns 0, or -1 after a message. */
static int events_start(const struct adj_args *a, const arb_rules *rules, arb_position *start)
{
	unsigned mode = a->fen_mode;

	if (mode == ARB_FEN_AUTO && rules->chess960)
		mode = ARB_FEN_CHESS960;
	if (a->fen)
		return cli_set_fen(CMD, start, a->fen, mode);
	if (mode == ARB_FEN_CHESS960)
		arb_position_set_chess960(start, 1);
	return 0;
}

/* A record holding the game's moves, for --write-pgn of a token log. */
static arb_record *events_record(const arb_game *g, const arb_position *start)
{
	arb_record *rec = arb_record_new();
	int i, node = 0, n = arb_game_ply_count(g);

	if (!rec || arb_record_set_start(rec, start) != ARB_OK) {
		arb_record_free(rec);
		return NULL;
	}
	for (i = 0; i < n && node != ARB_NO_NODE; i++)
		node = arb_record_add_move(rec, node, arb_game_move(g, i));
	if (node == ARB_NO_NODE) {
		arb_record_free(rec);
		return NULL;
	}
	return rec;
}

/* ------------------------------------------------------------------------
 * --events: tokens one by one, moves in UCI or in SAN
 * ---------------------------------------------------------------------- */

static int has_prefix(const char *tok, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len > n && memcmp(tok, prefix, n) == 0;
}

/* `san` (len bytes) as a legal move of pos in UCI into uci (8 bytes): 0,
 * or -1 with the SAN reader's why. The null move is no move here. */
static int san_to_uci(const arb_position *pos, const char *san, size_t len, char *uci,
		      arb_error *why)
{
	arb_move mv;

	if ((len == 2 && (memcmp(san, "--", 2) == 0 || memcmp(san, "Z0", 2) == 0)) ||
	    arb_move_from_san(pos, san, len, 0, &mv, why) != ARB_OK)
		return -1;
	cli_move_uci(pos, mv, uci);
	return 0;
}

/* The token as the grammar reads it, with a SAN move (the token, or the
 * intended move after '@') written in UCI: into buf, 0; -1 when it has
 * no SAN part that is a legal move here (why from the SAN reader). */
static int token_in_uci(const arb_game *g, const char *tok, size_t len, char *buf, size_t n,
			arb_error *why)
{
	const arb_position *pos = arb_game_position(g);
	const char *at = memchr(tok, '@', len);
	char uci[8];

	if (!at && memchr(tok, ':', len) == NULL) {
		if (san_to_uci(pos, tok, len, uci, why) != 0)
			return -1;
		snprintf(buf, n, "%s", uci);
		return 0;
	}
	if (at && san_to_uci(pos, at + 1, len - (size_t)(at + 1 - tok), uci, why) == 0) {
		snprintf(buf, n, "%.*s@%s", (int)(at - tok), tok, uci);
		return 0;
	}
	return -1;
}

/* An illegal:, retracted: (an illegal move taken back) or nopromo: move
 * is not a legal move, so it has
 * no SAN: "moves are UCI here", with the UCI of the move a SAN text names
 * when it is one. */
static void uci_hint(const arb_game *g, const char *tok, size_t len, arb_error *err)
{
	const char *last = tok + len, *colon = last;
	char uci[8], was[ARB_ERROR_MESSAGE_SIZE];
	size_t n = strlen(err->message);

	while (colon > tok && colon[-1] != ':')
		colon--;
	if (colon == last || n + 40 >= sizeof err->message)
		return;
	snprintf(was, sizeof was, "%s", err->message);
	if (san_to_uci(arb_game_position(g), colon, (size_t)(last - colon), uci, NULL) == 0)
		snprintf(err->message, sizeof err->message,
			 "%.150s (moves are UCI here: '%.*s' would be %s, a legal move)", was,
			 (int)(last - colon) > 12 ? 12 : (int)(last - colon), colon, uci);
	else
		snprintf(err->message, sizeof err->message,
			 "%.150s (moves are UCI here: from and to squares)", was);
}

/* Parses one token: the grammar's, else with its SAN move in UCI. On
 * failure err says why, and for a bare word that is no move in either
 * notation, that moves may be UCI or SAN. */
static arb_status token_event(const arb_game *g, const char *tok, size_t len, arb_event *ev,
			      arb_error *err)
{
	char uci[ARB_EVENT_TEXT + 16];
	arb_error why;
	arb_status st = arb_event_parse(tok, len, ev, err);

	if (st == ARB_OK)
		return st;
	memset(&why, 0, sizeof why);
	if (len < ARB_EVENT_TEXT && token_in_uci(g, tok, len, uci, sizeof uci, &why) == 0)
		return arb_event_parse(uci, strlen(uci), ev, err);
	if (memchr(tok, ':', len) == NULL && why.message[0]) {
		snprintf(err->message, sizeof err->message,
			 "neither an event nor a legal move here in UCI (e2e4) or SAN (e4, Nf3, "
			 "O-O): %.120s",
			 why.message);
	} else if (memchr(tok, '@', len) != NULL && why.message[0]) {
		char was[ARB_ERROR_MESSAGE_SIZE];
		snprintf(was, sizeof was, "%s", err->message);
		snprintf(err->message, sizeof err->message,
			 "%.100s; the intended move is UCI or a legal SAN move, and as SAN: %.80s",
			 was, why.message);
	} else if (has_prefix(tok, len, "illegal:") || has_prefix(tok, len, "retracted:") ||
		   has_prefix(tok, len, "nopromo:")) {
		uci_hint(g, tok, len, err);
	}
	return st;
}

/* Feeds the blank-separated tokens to g. On error err->column points into
 * `tokens` and the message starts "column N, 'TOKEN': " (as
 * arb_game_tokens writes it); the events before it stay fed. */
static arb_status feed_tokens(arb_game *g, const char *tokens, arb_error *err)
{
	size_t i = 0;

	while (tokens[i]) {
		while (tokens[i] == ' ' || tokens[i] == '\t' || tokens[i] == '\n' ||
		       tokens[i] == '\r')
			i++;
		size_t start = i;
		while (tokens[i] && tokens[i] != ' ' && tokens[i] != '\t' && tokens[i] != '\n' &&
		       tokens[i] != '\r')
			i++;
		if (i == start)
			break;
		arb_event ev;
		arb_status st = token_event(g, tokens + start, i - start, &ev, err);
		if (st == ARB_OK)
			st = arb_game_event(g, &ev, err);
		if (st != ARB_OK) {
			char msg[ARB_ERROR_MESSAGE_SIZE];
			int col = (int)start + (err->column > 0 ? err->column : 1);
			snprintf(msg, sizeof msg, "%s", err->message);
			err->column = col;
			snprintf(err->message, sizeof err->message, "column %d, '%.*s': %.180s",
				 col, (int)(i - start) > 40 ? 40 : (int)(i - start), tokens + start,
				 msg);
			return st;
		}
	}
	return ARB_OK;
}

static void report_token_error(const arb_error *err)
{
	fprintf(stderr, "arbiter: %s: --events", CMD);
	/* The engine's message may name the column itself. */
	if (err->column > 0 && !strstr(err->message, "column"))
		fprintf(stderr, " column %d", err->column);
	fputs(": ", stderr);
	cli_put_line(stderr, err->message[0] ? err->message : arb_status_name(err->code));
	fputc('\n', stderr);
}

static int run_events(struct adj_run *run)
{
	const struct adj_args *a = run->args;
	cli_game_id id = {NULL, 0, 1, "?", "?", NULL, NULL, NULL, NULL, NULL};
	arb_position *start = arb_position_new();
	arb_record *rec = NULL;
	arb_game *g = NULL;
	arb_error err;
	int rc = CLI_OK;

	memset(&err, 0, sizeof err);
	if (!start) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	if (events_start(a, run->rules, start) != 0) {
		arb_position_free(start);
		return CLI_FAIL;
	}
	g = arb_game_new(run->rules, start, NULL);
	if (!g) {
		cli_error(CMD, "out of memory");
		rc = CLI_FAIL;
	} else if (feed_tokens(g, a->events, &err) != ARB_OK) {
		if (err.code == ARB_E_NOMEM)
			cli_error(CMD, "out of memory");
		else
			report_token_error(&err);
		rc = CLI_FAIL;
	} else {
		cli_print_game(stdout, &id, g, run->args->json);
		if (run->out.f) {
			rec = events_record(g, start);
			if (!rec) {
				cli_error(CMD, "out of memory");
				rc = CLI_FAIL;
			} else {
				int w = write_game(run->out.f, g, rec);

				if (w == -2)
					cli_error(CMD, "error writing %s: %s", run->out.tmp,
						  strerror(errno));
				else if (w != 0)
					cli_error(CMD,
						  "--write-pgn: the game cannot be written back");
				if (w != 0)
					rc = CLI_FAIL;
			}
		}
	}
	arb_record_free(rec);
	arb_game_free(g);
	arb_position_free(start);
	return rc;
}

static int adj_run_all(struct adj_run *run)
{
	const struct adj_args *a = run->args;
	int rc;

	warn_profile_tc(run->rules);
	if (a->write_pgn && pgn_out_open(&run->out, CMD, a->write_pgn) != 0)
		return CLI_FAIL;
	if (a->events) {
		rc = run_events(run);
	} else {
		cli_jobs_spec spec;

		memset(&spec, 0, sizeof spec);
		spec.cmd = CMD;
		spec.jobs = a->jobs;
		spec.flags = a->strict ? ARB_PGN_STRICT_COMMANDS : 0;
		spec.bad_prefix = 1;
		spec.aux = run->out.f;
		spec.aux_name = run->out.tmp;
		spec.result_size = sizeof(struct adj_result);
		spec.ctx = run;
		spec.worker_new = adj_worker_new;
		spec.worker_free = adj_worker_free;
		spec.game = adj_game;
		spec.merge = adj_merge;
		rc = cli_read_records(&spec, a->file, a->nfiles, &run->tally) != 0 ?
			     CLI_FAIL :
			     cli_tally_status(&run->tally);
	}
	fflush(stdout);
	if (ferror(stdout) && rc == CLI_OK)
		rc = CLI_FAIL; /* main says why */
	if (run->out.f) {
		if (rc == CLI_OK) {
			if (pgn_out_close(&run->out, CMD, 1) != 0)
				rc = CLI_FAIL;
		} else {
			pgn_out_close(&run->out, CMD, 0);
			cli_error(CMD, "%s not written: not every game was adjudicated",
				  a->write_pgn);
		}
	}
	return rc;
}

int cli_adjudicate(int argc, char **argv)
{
	struct adj_args a;
	struct adj_run run;
	arb_profile *profile = NULL;
	int rc;

	memset(&a, 0, sizeof a);
	memset(&run, 0, sizeof run);
	a.jobs = cli_jobs_default();
	a.file = calloc((size_t)argc + 1, sizeof *a.file);
	if (!a.file) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	rc = adj_parse(argc, argv, &a);
	if (rc == CLI_OK) {
		run.prints.out = stderr;
		profile = cli_profile_open(CMD, a.profile, a.path, a.verbose ? &run.prints : NULL);
		if (!profile)
			rc = CLI_FAIL;
	}
	if (rc == CLI_OK) {
		run.args = &a;
		run.rules = arb_profile_rules(profile);
		rc = adj_run_all(&run);
	}
	arb_profile_free(profile);
	free(a.file);
	return rc == CLI_DONE ? CLI_OK : rc;
}

#else /* !ARBITER_HAVE_LUA */

int cli_adjudicate(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("adjudicate", "this arbiter was built without Lua, so without rule profiles "
				"(cmake -DARBITER_LUA=ON)");
	return CLI_FAIL;
}

#endif
