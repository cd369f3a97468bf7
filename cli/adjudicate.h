/*
 * adjudicate.h -- the competition-rule subcommands of `arbiter`:
 * `adjudicate` (cli/adjudicate.c), `compare` (cli/compare.c), `profiles`
 * and `profile show|diff` (cli/profiles.c), and what they share: loading a
 * profile with its error on one line, and (cli/verdict.c) a game's identity,
 * its verdict as text or JSON, and the streaming read of PGN files through
 * the parallel game pipeline (cli/jobs.h).
 *
 * They need the Lua layer (profiles are Lua scripts run in the sandbox);
 * without it (cmake -DARBITER_LUA=OFF) each says so and exits 1.
 */
#ifndef ARBITER_CLI_ADJUDICATE_H
#define ARBITER_CLI_ADJUDICATE_H

#include "jobs.h"

int cli_adjudicate(int argc, char **argv);
void cli_adjudicate_usage(FILE *out);

int cli_compare(int argc, char **argv);
void cli_compare_usage(FILE *out);

int cli_profiles(int argc, char **argv);
void cli_profiles_usage(FILE *out);

int cli_profile(int argc, char **argv);
void cli_profile_usage(FILE *out);

#ifdef ARBITER_HAVE_LUA

#include "profile.h"

/* ---- cli/profiles.c ------------------------------------------------------ */

/*
 * Loads profile `spec` (searching `path` first; may be NULL), what its
 * scripts print going to `prints` (cli_script_print; NULL: nowhere; it
 * must live as long as the profile, whose hooks print into it too). On
 * failure prints "arbiter: CMD: profile 'SPEC': why" as one line and
 * returns NULL.
 */
arb_profile *cli_profile_open(const char *cmd, const char *spec, const char *path,
			      cli_prints *prints);

/* ---- cli/verdict.c: shared by adjudicate and compare -------------------- */

/* Writes `s` to `out` with newlines and other control bytes as blanks, so
 * that a message or a name stays on one line. */
void cli_put_line(FILE *out, const char *s);

/* Which game: its input, its number there and its players. */
typedef struct cli_game_id {
	const char *file;          /* the input's name ("(stdin)" for "-"); NULL for --events */
	int show_file;             /* several inputs: lines name the file */
	long number;               /* the game's number in its file, from 1 */
	const char *white, *black; /* the tags, "?" when missing or empty */
	/* The pairing, for tournament software: the tags ("?" when missing or
	 * empty; Board NULL when missing); all NULL for --events. */
	const char *event, *site, *date, *round, *board;
} cli_game_id;

void cli_game_id_from_record(cli_game_id *id, const arb_record *rec, const char *file,
			     int show_file, long number);

/* ", "event": ..., "site", "date", "round" and "board" (when known): the
 * pairing tags of a JSON line, nothing for a game without tags. */
void cli_json_pairing(FILE *out, const cli_game_id *id);

/* "FILE: game N: WHITE - BLACK" (the file only when id->show_file). */
void cli_print_id(FILE *out, const cli_game_id *id);

/*
 * The game's standing as one line, "game N: WHITE - BLACK: RESULT REASON
 * (DETAIL) [EFFECTS] -- ARTICLE", or (json) as one JSON object with game,
 * file, white, black, event, site, date, round, board (when known), result, board_result, termination, reason, detail,
 * article, effects, trf, points and the list of decisions, events.
 */
void cli_print_game(FILE *out, const cli_game_id *id, const arb_game *g, int json);

/* JSON pieces: a string (escaped; not UTF-8 bytes as U+FFFD); ", "KEY":
 * "VALUE"" (first = 1: without the comma); the fields of a standing from
 * "result" to "effects", each after a comma. */
void cli_json_string(FILE *out, const char *s);
void cli_json_field(FILE *out, int first, const char *key, const char *value);
void cli_json_result(FILE *out, const arb_game_result *r);

/* A game whose events could not be replayed, on `out` (stderr, or a game's
 * own stream in the pipeline): "arbiter: CMD: FILE[:LINE]: game N (WHITE -
 * BLACK)[ under PROFILE]: why". */
void cli_report_game_error(FILE *out, const char *cmd, const cli_game_id *id, const char *profile,
			   const arb_error *err);

/* A warning about one game, laid out as cli_report_game_error's messages:
 * "arbiter: CMD: FILE: game N (WHITE - BLACK): warning: WHAT WHY" (WHY
 * written as one line). */
void cli_report_game_warning(FILE *out, const char *cmd, const cli_game_id *id, const char *what,
			     const char *why);

/* The reader's warnings on a game (unknown comment commands), one line each:
 * "arbiter: CMD: warning: FILE:LINE:COLUMN: game N: why", then how many more
 * past ARB_RECORD_WARNINGS_MAX. */
void cli_report_record_warnings(FILE *out, const char *cmd, const arb_record *rec);

/* "arbiter: CMD: warning: time control '3+2' is read as 3 s, +2 s per
 * move from move 1 (PGN notation counts seconds); if minutes were meant,
 * write 180+2" when a control in PGN notation (US Chess notation counts
 * minutes) has a sudden-death time under 30 s or under 5 s a move for a
 * number of moves; nothing otherwise. */
void cli_warn_tc_units(const char *cmd, const char *text);

/* 1 with why in buf (size n) when control `text` (a TimeControl tag, or
 * the rules' time.tc) is of another speed than the rules' under their
 * edition (arb_tc_category: FIDE standard/rapid/blitz, US Chess blitz
 * against regular, dual and quick; unrated, online, unknown: never);
 * else 0 and "". The why: "\"180+2\" is blitz under FIDE 2014, but
 * profile 'fide2014-standard' has the standard rules; they were applied". */
int cli_speed_mismatch(const char *text, const arb_rules *rules, char *buf, size_t n);

/* Counts kept across the files of a run. */
typedef struct cli_tally {
	long games;    /* games read, good and bad */
	long failed;   /* games that could not be read or adjudicated */
	int io_failed; /* a file could not be opened or read */
} cli_tally;

/*
 * Streams the games of the files (none: standard input; "-" too) through
 * the game pipeline (cli/jobs.h) with `spec`: spec->game gets each good
 * game; a game the reader rejects is reported on stderr as "arbiter: CMD:
 * FILE:LINE:COLUMN: game N: why" (spec->bad_prefix set) and counted as
 * failed, an unreadable file reported and remembered. Returns 0, or -1
 * when the run must stop (out of memory, a function asked, standard output
 * failed).
 */
int cli_read_records(const cli_jobs_spec *spec, char *const *file, int nfiles, cli_tally *t);

/* The identity of the pipeline's game `job` read into `rec`. */
void cli_game_id_from_job(cli_game_id *id, const arb_record *rec, const cli_job *job);

/* The exit status of a reading run: 2 an unreadable file, 1 a failed game. */
int cli_tally_status(const cli_tally *t);

/* "--name VALUE" or "--name=VALUE" when the current option is `name`: 1 and
 * *value set, 0 for another option, -1 after a message (missing or empty,
 * or *value already set: the option given twice). */
int cli_value_option(cli_argv *it, const char *cmd, const char *name, const char **value);

#endif

#endif /* ARBITER_CLI_ADJUDICATE_H */
