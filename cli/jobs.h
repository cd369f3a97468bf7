/*
 * jobs.h -- the game pipeline of the batch commands (`pgn check|convert|
 * stats`, `adjudicate`, `compare`): PGN inputs read game by game, each game
 * parsed and handled on a worker thread, the output written in input order.
 *
 * The main thread cuts the input into games (arb_pgn_next_text) and copies
 * each game's text into a slot of a bounded window (CLI_JOBS_WINDOW slots a
 * worker, CLI_JOBS_SLOTS in all, at most CLI_JOBS_BYTES of text in flight);
 * a worker parses it (arb_pgn_parse) and calls the command's function, which
 * writes to the slot's own memory streams; the main thread then writes the
 * slots out in input order and merges their counts. So the bytes written to stdout,
 * stderr and the command's side file, their order, the counts and the exit
 * status are the same for every number of workers. N workers are N threads:
 * the main thread is the first worker, and handles queued games itself
 * whenever it would otherwise wait for one (so --jobs 2 keeps two
 * processors busy, not three threads on two). With one worker no thread is
 * started: the same per-game code runs inline.
 */
#ifndef ARBITER_CLI_JOBS_H
#define ARBITER_CLI_JOBS_H

#include "cli.h"

/* CLI_JOBS_MAX, _WINDOW, _SLOTS and _BYTES: engine/config.h (via cli.h). */

/* One game in flight, as the command's functions see it. */
typedef struct cli_job {
	const char *file; /* the input's name ("(stdin)" for "-") */
	int show_file;    /* several inputs: records name the file */
	long number;      /* the game's number in its input, from 1 */
	long seq;         /* its number over all the inputs, from 1 */
	FILE *out;        /* what goes to standard output */
	FILE *err;        /* ... to standard error */
	FILE *aux;        /* ... to the command's side file (NULL without one) */
	void *result;     /* the command's result for merge: result_size bytes, zeroed */
} cli_job;

typedef struct cli_jobs_spec {
	const char *cmd;      /* names the command in messages */
	unsigned flags;       /* ARB_PGN_* for the parse */
	int jobs;             /* workers, 1..CLI_JOBS_MAX; 1 starts no thread */
	int bad_to_stdout;    /* a broken game's message is a record on stdout (pgn check) */
	int bad_prefix;       /* a broken game's message starts with "arbiter: CMD: " */
	FILE *aux;            /* where cli_job.aux goes (NULL: no side file) */
	const char *aux_name; /* its name, for "error writing NAME: why" */
	size_t result_size;
	void *ctx; /* the command's, handed to worker_new and merge */
	/* A worker's own state (scratch objects, profiles with Lua hooks),
	 * made on the main thread before any game is read; NULL after a
	 * message on stderr stops the run. worker_free(NULL) is a no-op. */
	void *(*worker_new)(void *ctx);
	void (*worker_free)(void *worker);
	/* A good game, on a worker: the record is the worker's and may be
	 * changed. Returns 0, or -1 to stop the run (after a message on
	 * job->err). */
	int (*game)(void *worker, cli_job *job, arb_record *rec);
	/* On the main thread in input order, once the game's output is
	 * written (NULL: nothing to merge). 0, or -1 to stop the run. */
	int (*merge)(void *ctx, const cli_job *job);
} cli_jobs_spec;

/*
 * Reads the `nfiles` inputs in order ("-" = standard input), handing every
 * good game to spec->game; a broken game is counted and its message (file,
 * line, column, game number and why) written as spec says; an input that
 * cannot be opened or read is reported as "arbiter: CMD: ..." and sets
 * io_failed. Names are shown (show_file) when there are several inputs.
 * Returns 0, or -1 when the run stopped (out of memory, a function asked,
 * standard output or the side file failed).
 */
int cli_jobs_run(const cli_jobs_spec *spec, char *const *file, int nfiles, cli_games *count);

/* The default of --jobs: the processors online, within 1..CLI_JOBS_MAX. */
int cli_jobs_default(void);

/*
 * If the current option is --jobs (--jobs N or --jobs=N): sets *jobs and
 * returns 1, or returns -1 after a message when N is not a number from 1 to
 * CLI_JOBS_MAX. Returns 0 for another option.
 */
int cli_jobs_option(cli_argv *it, const char *cmd, int *jobs);

#endif /* ARBITER_CLI_JOBS_H */
