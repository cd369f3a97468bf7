/*
 * jobs.c -- the game pipeline of the batch commands (see jobs.h).
 *
 * Slots are numbered from 0 without end; slot i lives at slots[i % nslots].
 * head <= next <= queued <= tail: [head, next) are taken by workers or done,
 * [next, queued) wait for a worker, [queued, tail) are filled but not yet
 * handed over (publish), and only the main thread moves head, queued and
 * tail. A slot belongs to the main thread from the moment it is written out
 * (head passes it) until it is queued again, and to one worker (the main
 * thread's own among them) between being taken and `done`; the lock orders
 * the hand-overs. Each game writes into
 * the slot's memory streams, never to stdout or stderr, so what the
 * process writes is decided by the order of the input alone.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "jobs.h"

/* A memory stream or a text copy that grew past this is given back after
 * its game, so that one huge game does not hold its memory in every slot. */
enum { KEEP_BYTES = 1 << 20 };

/* ------------------------------------------------------------------------
 * Sinks: memory streams reused from game to game
 * ---------------------------------------------------------------------- */

typedef struct sink {
	FILE *f;
	char *buf;   /* open_memstream's: valid after fflush */
	size_t len;  /* bytes written since the last reset (after fflush) */
	size_t high; /* the most it held since it was opened */
} sink;

static void sink_close(sink *s)
{
	if (s->f)
		fclose(s->f);
	free(s->buf);
	memset(s, 0, sizeof *s);
}

/* Empties the stream for the next game (opening it the first time).
 * Returns 0, or -1 when out of memory. */
static int sink_reset(sink *s)
{
	if (s->f && s->high > KEEP_BYTES)
		sink_close(s);
	if (!s->f) {
		s->f = open_memstream(&s->buf, &s->len);
		return s->f ? 0 : -1;
	}
	/* Nothing written since the last reset: the stream is at its start
	 * already (a seek takes the stream's lock, a cost on every game). */
	if (s->len == 0)
		return 0;
	if (fseeko(s->f, 0, SEEK_SET) != 0)
		return -1;
	s->len = 0; /* the stream sets it again when flushed */
	return 0;
}

/* Makes buf and len current. Returns 0, or -1 when the stream could not
 * grow (out of memory). */
static int sink_flush(sink *s)
{
	if (!s->f)
		return 0;
	if (fflush(s->f) != 0 || ferror(s->f))
		return -1;
	if (s->len > s->high)
		s->high = s->len;
	return 0;
}

static void sink_write(const sink *s, FILE *to)
{
	if (s->f && s->len > 0 && to)
		fwrite(s->buf, 1, s->len, to);
}

/* ------------------------------------------------------------------------
 * Progress on stderr: only when it is a terminal (or forced for tests),
 * so that redirected output is never touched
 * ---------------------------------------------------------------------- */

/* Redraws a quarter of a second apart at most. */
enum { PROGRESS_EVERY_MS = 250 };

typedef struct progress {
	int on;       /* stderr is a terminal, or ARBITER_TEST_PROGRESS=1 */
	int each;     /* ARBITER_TEST_PROGRESS=1: a line for every game */
	int out_tty;  /* stdout is a terminal too: clear before its lines */
	double start; /* seconds, monotonic */
	double last;  /* when it was last drawn */
	size_t bytes; /* game text read so far */
	size_t total; /* the inputs' sizes; 0 unknown (a pipe) */
	int width;    /* characters of the line on screen, 0 none */
	int drawn;    /* it was drawn once */
} progress;

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The sum of the inputs' sizes, 0 when one is not a regular file. */
static size_t inputs_size(char *const *file, int nfiles)
{
	size_t total = 0;
	struct stat st;
	int i, rc;

	for (i = 0; i < nfiles; i++) {
		rc = strcmp(file[i], "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(file[i], &st);
		if (rc != 0 || !S_ISREG(st.st_mode))
			return 0;
		total += (size_t)st.st_size;
	}
	return total;
}

static void progress_init(progress *g, char *const *file, int nfiles)
{
	const char *force = getenv("ARBITER_TEST_PROGRESS");

	memset(g, 0, sizeof *g);
	g->each = force != NULL && strcmp(force, "1") == 0;
	g->on = g->each || isatty(STDERR_FILENO);
	if (!g->on)
		return;
	g->out_tty = isatty(STDOUT_FILENO);
	g->start = g->last = now_s();
	g->total = inputs_size(file, nfiles);
}

/* Blanks the line, so that a message or a record is not written over it. */
static void progress_clear(progress *g)
{
	if (g->width > 0)
		fprintf(stderr, "\r%*s\r", g->width, "");
	g->width = 0;
}

/* "CMD: 12000 games, 2300 games/s, 45.1 of 120.3 MB (37%)" */
static void progress_draw(progress *g, const char *cmd, long games)
{
	double t = now_s(), secs = t - g->start;
	char line[160];
	int n;

	/* The first game at once, then at most every PROGRESS_EVERY_MS (also
	 * after a clear: records on a terminal stdout would redraw it on
	 * every game). */
	if (!g->each && g->drawn && (t - g->last) * 1000 < PROGRESS_EVERY_MS)
		return;
	g->drawn = 1;
	g->last = t;
	n = snprintf(line, sizeof line, "%s: %ld %s", cmd, games,
		     cli_plural(games, "game", "games"));
	if (secs > 0.001)
		n += snprintf(line + n, sizeof line - (size_t)n, ", %.0f games/s", games / secs);
	if (g->total > 0)
		n += snprintf(line + n, sizeof line - (size_t)n, ", %.1f of %.1f MB (%.0f%%)",
			      g->bytes / 1e6, g->total / 1e6,
			      g->bytes >= g->total ? 100.0 : 100.0 * g->bytes / g->total);
	else
		n += snprintf(line + n, sizeof line - (size_t)n, ", %.1f MB", g->bytes / 1e6);
	fprintf(stderr, "\r%s", line);
	/* What a longer line left is blanked. */
	if (g->width > n)
		fprintf(stderr, "%*s\r%s", g->width - n, "", line);
	g->width = n;
	fflush(stderr);
}

/* ------------------------------------------------------------------------
 * The pipeline
 * ---------------------------------------------------------------------- */

enum slot_kind {
	SLOT_GAME, /* a game's text, for a worker */
	SLOT_NOTE  /* a message of the reader's, already written into err */
};

typedef struct slot {
	cli_job job;
	enum slot_kind kind;
	arb_pgn_text text; /* text points into copy */
	char *copy;
	size_t cap;
	sink out, err, aux;
	int bad;       /* a broken game (a NOTE when the reader refused it) */
	int handled;   /* spec->game ran and asked nothing: merge it */
	int stop;      /* the run stops after this slot */
	int nomem;     /* ... because a stream could not grow */
	int io_failed; /* an input could not be opened or read */
	int done;      /* handled: the main thread may write it out */
} slot;

struct pipeline;

typedef struct worker {
	struct pipeline *p;
	void *state; /* spec->worker_new's */
	arb_record *rec;
	pthread_t thread;
} worker;

typedef struct pipeline {
	const cli_jobs_spec *spec;
	cli_games *count;
	slot *slots;
	int nslots;
	worker *workers;
	int nworkers;
	int threads; /* workers running on threads; 0: inline on workers[0] */
	long head, next, tail;
	long queued;  /* tail as the workers see it (publish) */
	long ready;   /* the slots before it are known to be done */
	long awaited; /* the slot the main thread waits for, or -1 */
	int idle;     /* workers waiting for a slot to be queued */
	long seq;     /* games read over all the inputs */
	size_t bytes; /* text in flight */
	int quit;     /* workers: leave */
	int stopped;  /* the run stops: nothing more is read or written */
	pthread_mutex_t lock;
	pthread_cond_t work; /* a slot queued, or quit */
	pthread_cond_t done; /* a slot done */
	progress prog;
} pipeline;

static slot *slot_at(pipeline *p, long i)
{
	return &p->slots[i % p->nslots];
}

/* Makes the slot's output ready to be written out. */
static void finish(slot *s)
{
	if (sink_flush(&s->out) != 0 || sink_flush(&s->err) != 0 || sink_flush(&s->aux) != 0)
		s->stop = s->nomem = 1;
}

/* A broken game: its message (which names file, line, column and game) on
 * the stream the command lists them on. */
static void report_bad(const cli_jobs_spec *spec, slot *s, const char *message)
{
	FILE *f = spec->bad_to_stdout ? s->job.out : s->job.err;

	if (spec->bad_prefix)
		fprintf(f, "arbiter: %s: ", spec->cmd);
	fprintf(f, "%s\n", message);
	s->bad = 1;
}

/* On a worker (or inline): parses the game and hands it to the command. */
static void handle(pipeline *p, worker *w, slot *s)
{
	const cli_jobs_spec *spec = p->spec;
	arb_error err;
	arb_status status;

	if (s->kind != SLOT_GAME)
		return;
	memset(&err, 0, sizeof err);
	status = arb_pgn_parse(&s->text, s->job.file, spec->flags, w->rec, &err);
	if (status == ARB_OK) {
		if (spec->game(w->state, &s->job, w->rec) != 0)
			s->stop = 1;
		else
			s->handled = 1;
	} else if (status == ARB_E_PGN) {
		report_bad(spec, s, err.message);
	} else {
		cli_message(s->job.err, spec->cmd, "%s",
			    err.message[0] ? err.message : arb_status_name(status));
		s->stop = 1;
	}
	finish(s);
}

/* A worker takes up to this many queued games at a time, a quarter of the
 * queue at most (so that the others get work too): one lock for several
 * games instead of two for each. */
enum { TAKE_MAX = 8 };

static void *worker_main(void *arg)
{
	worker *w = arg;
	pipeline *p = w->p;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		long i, n;

		while (!p->quit && p->next == p->queued) {
			p->idle++;
			pthread_cond_wait(&p->work, &p->lock);
			p->idle--;
		}
		if (p->quit)
			break;
		i = p->next;
		n = (p->queued - i) / 4;
		n = n < 1 ? 1 : n > TAKE_MAX ? TAKE_MAX : n;
		p->next += n;
		pthread_mutex_unlock(&p->lock);
		for (long k = 0; k < n; k++)
			handle(p, w, slot_at(p, i + k));
		pthread_mutex_lock(&p->lock);
		for (long k = 0; k < n; k++)
			slot_at(p, i + k)->done = 1;
		/* The main thread waits for one slot only: wake it for that one. */
		if (p->awaited >= i && p->awaited < i + n)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Hands the slots filled since the last call to the workers (a lock, and a
 * signal when one sleeps). Called every PUBLISH_EVERY games and before the
 * main thread waits for a worker, so no slot waits unseen while it sleeps. */
enum { PUBLISH_EVERY = 4 };

static void publish(pipeline *p)
{
	if (p->queued == p->tail)
		return;
	pthread_mutex_lock(&p->lock);
	p->queued = p->tail;
	if (p->idle > 0)
		pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->lock);
}

/* Waits until slot i (in flight) is done, handling queued games on the
 * main thread's own worker meanwhile (so that --jobs N keeps N threads
 * busy on N processors and the main thread does not sleep while there is
 * work); then notes how far from the oldest slot on every slot is done, so
 * that writing them out needs no lock each. */
static void wait_for(pipeline *p, long i)
{
	slot *s = slot_at(p, i);

	publish(p);
	pthread_mutex_lock(&p->lock);
	while (!s->done) {
		if (p->next < p->queued) {
			long k = p->next++;

			pthread_mutex_unlock(&p->lock);
			handle(p, &p->workers[0], slot_at(p, k));
			pthread_mutex_lock(&p->lock);
			slot_at(p, k)->done = 1;
			continue;
		}
		p->awaited = i;
		pthread_cond_wait(&p->done, &p->lock);
		p->awaited = -1;
	}
	if (p->ready < p->head)
		p->ready = p->head;
	while (p->ready < p->queued && slot_at(p, p->ready)->done)
		p->ready++;
	pthread_mutex_unlock(&p->lock);
}

/* Writes out the oldest slot, once done, and merges it. */
static void emit(pipeline *p)
{
	const cli_jobs_spec *spec = p->spec;
	slot *s = slot_at(p, p->head);

	if (p->threads > 0 && p->head >= p->ready)
		wait_for(p, p->head);
	if (p->prog.width > 0 && (s->err.len > 0 || (s->out.len > 0 && p->prog.out_tty)))
		progress_clear(&p->prog);
	sink_write(&s->err, stderr);
	sink_write(&s->out, stdout);
	sink_write(&s->aux, spec->aux);
	if (s->nomem) {
		progress_clear(&p->prog);
		cli_error(spec->cmd, "out of memory");
	}
	if (s->kind == SLOT_GAME || s->bad) {
		p->count->games++;
		p->count->bad += s->bad;
	}
	if (s->io_failed)
		p->count->io_failed = 1;
	if (s->handled && spec->merge && spec->merge(spec->ctx, &s->job) != 0)
		s->stop = 1;
	/* Stop early when an output fails (a full disk); main says why for
	 * stdout. */
	if (s->aux.len > 0 && spec->aux && ferror(spec->aux)) {
		progress_clear(&p->prog);
		cli_error(spec->cmd, "error writing %s: %s", spec->aux_name, strerror(errno));
		s->stop = 1;
	}
	if (s->stop || ferror(stdout))
		p->stopped = 1;
	p->bytes -= s->text.len;
	p->head++;
	if (p->prog.on && s->kind == SLOT_GAME) {
		p->prog.bytes += s->text.len;
		if (p->prog.out_tty)
			fflush(stdout); /* its lines before the progress line */
		progress_draw(&p->prog, spec->cmd, p->count->games);
	}
}

/* 1 when the window has no free slot or no room for `len` more bytes. */
static int window_full(const pipeline *p, size_t len)
{
	return p->head < p->tail &&
	       (p->tail - p->head >= p->nslots || p->bytes + len > CLI_JOBS_BYTES);
}

/* Writes out slots until one is free and `len` more bytes of text fit. With
 * workers, a full window is first emptied down to half: the main thread
 * waits for the slot half way along it, then writes out everything before
 * it, so that it sleeps once for many games. (Emptying one slot at a time,
 * it waited for the oldest game on nearly every game when there are as
 * many workers as processors, a sleep and a wake-up each.) */
static void make_room(pipeline *p, size_t len)
{
	if (p->stopped || !window_full(p, len))
		return;
	if (p->threads > 0) {
		long half = p->head + (p->tail - p->head - 1) / 2;

		wait_for(p, half);
		while (!p->stopped && p->head <= half)
			emit(p);
	}
	while (!p->stopped && window_full(p, len))
		emit(p);
}

/* The next free slot, emptied for a game of `file`; NULL when the run
 * stops. */
static slot *take(pipeline *p, const char *file, int show_file, size_t len)
{
	slot *s;

	make_room(p, len);
	if (p->stopped)
		return NULL;
	s = slot_at(p, p->tail);
	if (sink_reset(&s->out) != 0 || sink_reset(&s->err) != 0 ||
	    (p->spec->aux && sink_reset(&s->aux) != 0)) {
		progress_clear(&p->prog);
		cli_error(p->spec->cmd, "out of memory");
		p->stopped = 1;
		return NULL;
	}
	memset(s->job.result, 0, p->spec->result_size);
	s->job.file = file;
	s->job.show_file = show_file;
	s->job.number = 0;
	s->job.seq = 0;
	s->job.out = s->out.f;
	s->job.err = s->err.f;
	s->job.aux = s->aux.f;
	s->kind = SLOT_NOTE;
	s->text.len = 0;
	s->bad = s->handled = s->stop = s->nomem = s->io_failed = s->done = 0;
	return s;
}

/* Hands the slot filled by take() to a worker, or handles it inline. */
static void submit(pipeline *p, slot *s)
{
	p->bytes += s->text.len;
	if (p->threads == 0) {
		handle(p, &p->workers[0], s);
		s->done = 1;
		p->tail++;
		return;
	}
	p->tail++;
	if (p->tail - p->queued >= PUBLISH_EVERY)
		publish(p);
}

/* Copies the game's text into the slot. Returns 0, or -1 when out of
 * memory. */
static int copy_text(slot *s, const arb_pgn_text *t)
{
	if (s->cap > KEEP_BYTES && t->len <= KEEP_BYTES) {
		free(s->copy);
		s->copy = NULL;
		s->cap = 0;
	}
	if (t->len > s->cap || !s->copy) {
		size_t cap = t->len > 256 ? t->len : 256;
		char *q = realloc(s->copy, cap);

		if (!q)
			return -1;
		s->copy = q;
		s->cap = cap;
	}
	memcpy(s->copy, t->text, t->len);
	s->text = *t;
	s->text.text = s->copy;
	return 0;
}

/* A message of the main thread's, written in its place among the games:
 * "arbiter: CMD: MESSAGE". */
static void note(pipeline *p, const char *file, const char *message, int io_failed)
{
	slot *s = take(p, file, 0, 0);

	if (!s)
		return;
	cli_message(s->job.err, p->spec->cmd, "%s", message);
	s->io_failed = io_failed;
	s->stop = !io_failed;
	finish(s);
	submit(p, s);
}

/* A game the reader refused without handing out its text (too long): a
 * broken game, reported like the others, in its place. */
static void refused(pipeline *p, const char *file, const arb_error *err)
{
	slot *s = take(p, file, 0, 0);

	if (!s)
		return;
	report_bad(p->spec, s, err->message);
	s->job.seq = ++p->seq;
	finish(s);
	submit(p, s);
}

/* Reads the games of one input into the pipeline. */
static void read_input(pipeline *p, const char *path, int show_file)
{
	const cli_jobs_spec *spec = p->spec;
	const char *name = strcmp(path, "-") == 0 ? "(stdin)" : path;
	arb_pgn_reader *r;
	arb_error err;

	memset(&err, 0, sizeof err);
	r = arb_pgn_reader_open(path, spec->flags, &err);
	if (!r) {
		note(p, name, err.message[0] ? err.message : path, err.code != ARB_E_NOMEM);
		return;
	}
	while (!p->stopped) {
		arb_pgn_text t;
		arb_status status = arb_pgn_next_text(r, &t, &err);
		slot *s;

		if (status == ARB_OK && !t.text)
			break;
		if (status == ARB_E_PGN) {
			refused(p, name, &err);
			continue;
		}
		if (status != ARB_OK) {
			/* The engine's message names the input. */
			note(p, name, err.message[0] ? err.message : name, status == ARB_E_IO);
			break;
		}
		s = take(p, name, show_file, t.len);
		if (!s)
			break;
		if (copy_text(s, &t) != 0) {
			cli_message(s->job.err, spec->cmd, "out of memory");
			s->stop = 1;
			finish(s);
		} else {
			s->kind = SLOT_GAME;
			s->job.number = t.number;
			s->job.seq = ++p->seq;
		}
		submit(p, s);
	}
	arb_pgn_reader_free(r);
}

/* ------------------------------------------------------------------------
 * Starting and stopping
 * ---------------------------------------------------------------------- */

/* Workers' states and the slots. Returns 0, or -1 after a message. */
static int setup(pipeline *p)
{
	const cli_jobs_spec *spec = p->spec;
	int i;

	p->nworkers = spec->jobs < 1 ? 1 : spec->jobs > CLI_JOBS_MAX ? CLI_JOBS_MAX : spec->jobs;
	p->nslots = p->nworkers == 1 ? 1 : p->nworkers * CLI_JOBS_WINDOW;
	if (p->nslots > CLI_JOBS_SLOTS)
		p->nslots = CLI_JOBS_SLOTS;
	p->workers = calloc((size_t)p->nworkers, sizeof *p->workers);
	p->slots = calloc((size_t)p->nslots, sizeof *p->slots);
	if (!p->workers || !p->slots) {
		cli_error(spec->cmd, "out of memory");
		return -1;
	}
	for (i = 0; i < p->nslots; i++) {
		p->slots[i].job.result = calloc(1, spec->result_size ? spec->result_size : 1);
		if (!p->slots[i].job.result) {
			cli_error(spec->cmd, "out of memory");
			return -1;
		}
	}
	for (i = 0; i < p->nworkers; i++) {
		worker *w = &p->workers[i];

		w->p = p;
		w->rec = arb_record_new();
		if (!w->rec) {
			cli_error(spec->cmd, "out of memory");
			return -1;
		}
		w->state = spec->worker_new(spec->ctx);
		if (!w->state)
			return -1;
	}
	return 0;
}

/* Starts a thread for each worker but the first, the main thread's own,
 * which handles games while it waits for one (wait_for): N workers are N
 * threads. None for one worker. When the system refuses a thread, the ones
 * started and the main thread do the work, or the main thread alone. */
static void start(pipeline *p)
{
	int i;

	if (p->nworkers < 2)
		return;
	for (i = 1; i < p->nworkers; i++)
		if (pthread_create(&p->workers[i].thread, NULL, worker_main, &p->workers[i]) != 0)
			break;
	p->threads = i - 1;
}

static void teardown(pipeline *p)
{
	int i;

	if (p->threads > 0) {
		pthread_mutex_lock(&p->lock);
		p->quit = 1;
		pthread_cond_broadcast(&p->work);
		pthread_mutex_unlock(&p->lock);
		for (i = 1; i <= p->threads; i++)
			pthread_join(p->workers[i].thread, NULL);
	}
	for (i = 0; p->workers && i < p->nworkers; i++) {
		if (p->workers[i].state)
			p->spec->worker_free(p->workers[i].state);
		arb_record_free(p->workers[i].rec);
	}
	for (i = 0; p->slots && i < p->nslots; i++) {
		slot *s = &p->slots[i];

		sink_close(&s->out);
		sink_close(&s->err);
		sink_close(&s->aux);
		free(s->copy);
		free(s->job.result);
	}
	free(p->workers);
	free(p->slots);
}

int cli_jobs_run(const cli_jobs_spec *spec, char *const *file, int nfiles, cli_games *count)
{
	pipeline p;
	int i;

	memset(&p, 0, sizeof p);
	p.awaited = -1;
	p.spec = spec;
	p.count = count;
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.work, NULL);
	pthread_cond_init(&p.done, NULL);
	progress_init(&p.prog, file, nfiles);
	if (setup(&p) != 0) {
		p.stopped = 1;
	} else {
		start(&p);
		for (i = 0; i < nfiles && !p.stopped; i++)
			read_input(&p, file[i], nfiles > 1);
		while (!p.stopped && p.head < p.tail)
			emit(&p);
	}
	progress_clear(&p.prog); /* the summary that follows starts clean */
	teardown(&p);
	pthread_cond_destroy(&p.done);
	pthread_cond_destroy(&p.work);
	pthread_mutex_destroy(&p.lock);
	return p.stopped ? -1 : 0;
}

/* ------------------------------------------------------------------------
 * --jobs
 * ---------------------------------------------------------------------- */

int cli_jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		return 1;
	return n > CLI_JOBS_MAX ? CLI_JOBS_MAX : (int)n;
}

int cli_jobs_option(cli_argv *it, const char *cmd, int *jobs)
{
	const char *value, *p;
	int m = cli_option_value(it, cmd, "--jobs", &value), n = 0;

	if (m <= 0)
		return m;
	for (p = value; isdigit((unsigned char)*p) && n <= CLI_JOBS_MAX; p++)
		n = n * 10 + (*p - '0');
	if (p == value || *p != '\0' || n < 1 || n > CLI_JOBS_MAX) {
		cli_error(cmd, "bad --jobs '%s': expected a number of threads from 1 to %d", value,
			  CLI_JOBS_MAX);
		return -1;
	}
	*jobs = n;
	return 1;
}
