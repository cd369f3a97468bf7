/*
 * engine.c -- a UCI engine as a child process: start, handshake, lines in
 * and out with deadlines, and an end that always reaps the child.
 *
 * The child is forked with its standard input and output on two pipes and
 * its standard error on the spec's log (or /dev/null), in a process group of
 * its own, and no other descriptor of this process. A third pipe, close-on-exec, carries errno back from a failed
 * exec, so that "cannot run" is an error of arb_engine_open and not an
 * engine that never answers. Every descriptor is opened close-on-exec, so an
 * engine started by one thread does not inherit the pipes of another's.
 *
 * Reading is non-blocking into a line buffer, with poll(2) up to a deadline
 * on the monotonic clock. A line longer than the buffer is dropped whole
 * (an engine printing garbage does not stop the reader). Writing is
 * non-blocking too, with a deadline, and with SIGPIPE blocked in the calling
 * thread for the write and any pending SIGPIPE consumed after an EPIPE: a
 * dead engine is an error code, never a signal for the program.
 */
#define _GNU_SOURCE /* pipe2, O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine_int.h"

#define LINE_MAX_BYTES 16384  /* a longer line is dropped */
#define WRITE_TIMEOUT_MS 5000 /* an engine that does not read its input */
#define NAME_MAX_BYTES 64
#define OPTIONS_SEEN_MAX 128

struct arb_engine {
	pid_t pid; /* 0 once reaped */
	int to;    /* the engine's standard input (our write end), -1 closed */
	int from;  /* its standard output (our read end), -1 closed */
	int broken;
	int eof;
	int chess960; /* what UCI_Chess960 was last set to (-1: never) */
	long timeout_ms;
	char name[NAME_MAX_BYTES];
	char id_name[NAME_MAX_BYTES];
	int noptions; /* the option names the engine offered */
	char *options[OPTIONS_SEEN_MAX];
	size_t have;                   /* bytes in buf */
	int dropping;                  /* inside an overlong line: skip to its newline */
	char line[LINE_MAX_BYTES + 1]; /* the last line read */
	char buf[LINE_MAX_BYTES];
};

long long arbI_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* ---- the process ---------------------------------------------------------- */

/* The child after fork: only async-signal-safe calls until exec. */
static void child(const arb_engine_spec *spec, char *const argv[], int in, int out, int errfd,
		  int report)
{
	struct sigaction dfl;
	sigset_t none;
	int e;

	setpgid(0, 0);
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGPIPE, &dfl, NULL); /* an ignored signal would survive exec */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(errfd, 2) < 0)
		goto fail;
	/* Nothing else of this process goes to the engine: descriptors the
	 * caller opened without close-on-exec (an output file) are closed
	 * here; the report pipe moves to 3, close-on-exec. */
	if (report != 3 && (report = dup3(report, 3, O_CLOEXEC)) < 0)
		goto fail;
	if (close_range(4, ~0U, 0) != 0)
		for (int fd = 4; fd < 1024; fd++)
			close(fd);
	if (spec->dir && chdir(spec->dir) != 0)
		goto fail;
	execvp(argv[0], argv);
fail:
	e = errno;
	if (write(report, &e, sizeof e) < 0) {
		/* nothing more can be said */
	}
	_exit(127);
}

/* Reaps the child: waits up to wait_ms for it to exit, then kills its
 * group and waits for it. */
static void reap(arb_engine *e, long wait_ms)
{
	long long until = arbI_now_us() + wait_ms * 1000LL;
	int status;

	if (e->pid <= 0)
		return;
	for (;;) {
		pid_t r = waitpid(e->pid, &status, WNOHANG);
		if (r == e->pid || (r < 0 && errno != EINTR)) {
			kill(-e->pid, SIGKILL); /* what it started, if anything is left */
			e->pid = 0;
			return;
		}
		if (arbI_now_us() >= until)
			break;
		struct timespec nap = {0, 2000000}; /* 2 ms */
		nanosleep(&nap, NULL);
	}
	kill(-e->pid, SIGKILL);
	kill(e->pid, SIGKILL);
	while (waitpid(e->pid, &status, 0) < 0 && errno == EINTR)
		;
	e->pid = 0;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void free_engine(arb_engine *e)
{
	close_fd(&e->to);
	close_fd(&e->from);
	for (int i = 0; i < e->noptions; i++)
		free(e->options[i]);
	free(e);
}

/* Forks and execs the engine. 0, or -1 with err set (nothing left behind). */
static int spawn(arb_engine *e, const arb_engine_spec *spec, arb_error *err)
{
	int in[2] = {-1, -1}, out[2] = {-1, -1}, rep[2] = {-1, -1}, errfd = -1;
	char *argv[ARB_ENGINE_ARGS_MAX + 2];
	int n = 0, code = 0;

	argv[n++] = (char *)spec->cmd;
	for (int i = 0; i < spec->nargs; i++)
		argv[n++] = (char *)spec->args[i];
	argv[n] = NULL;
	errfd = open(spec->stderr_path ? spec->stderr_path : "/dev/null",
		     O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (errfd < 0) {
		arbI_err_report(err, ARB_E_ENGINE, 0, "cannot open the engine log '%s': %s",
				spec->stderr_path ? spec->stderr_path : "/dev/null",
				strerror(errno));
		return -1;
	}
	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(rep, O_CLOEXEC)) {
		arbI_err_report(err, ARB_E_ENGINE, 0, "cannot make pipes: %s", strerror(errno));
		goto fail;
	}
	e->pid = fork();
	if (e->pid < 0) {
		e->pid = 0;
		arbI_err_report(err, ARB_E_ENGINE, 0, "cannot fork: %s", strerror(errno));
		goto fail;
	}
	if (e->pid == 0)
		child(spec, argv, in[0], out[1], errfd, rep[1]);
	setpgid(e->pid, e->pid); /* also here: whichever of the two runs first */
	close_fd(&in[0]);
	close_fd(&out[1]);
	close_fd(&rep[1]);
	close(errfd);
	errfd = -1;
	/* The report pipe closes at exec (nothing read) or carries errno. */
	ssize_t k;
	while ((k = read(rep[0], &code, sizeof code)) < 0 && errno == EINTR)
		;
	close_fd(&rep[0]);
	e->to = in[1];
	e->from = out[0];
	fcntl(e->to, F_SETFL, fcntl(e->to, F_GETFL) | O_NONBLOCK);
	fcntl(e->from, F_SETFL, fcntl(e->from, F_GETFL) | O_NONBLOCK);
	if (k == (ssize_t)sizeof code) {
		reap(e, 1000);
		arbI_err_report(err, ARB_E_ENGINE, 0, "cannot run '%s': %s", spec->cmd,
				strerror(code));
		return -1;
	}
	return 0;
fail:
	close_fd(&in[0]);
	close_fd(&in[1]);
	close_fd(&out[0]);
	close_fd(&out[1]);
	close_fd(&rep[0]);
	close_fd(&rep[1]);
	if (errfd >= 0)
		close(errfd);
	return -1;
}

/* ---- lines ---------------------------------------------------------------- */

int arbI_engine_send(arb_engine *e, const char *line)
{
	size_t len = strlen(line), done = 0;
	char nl = '\n';
	sigset_t pipe_set, old;
	int rc = 0;

	if (e->broken || e->to < 0)
		return -1;
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	long long until = arbI_now_us() + WRITE_TIMEOUT_MS * 1000LL;
	while (done <= len) {
		const char *p = done < len ? line + done : &nl;
		size_t want = done < len ? len - done : 1;
		ssize_t w = write(e->to, p, want);
		if (w > 0) {
			done += (size_t)w;
			continue;
		}
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && errno == EAGAIN) {
			long long left = (until - arbI_now_us()) / 1000;
			struct pollfd pf = {e->to, POLLOUT, 0};
			if (left > 0 && poll(&pf, 1, (int)left) >= 0)
				continue;
		}
		if (w < 0 && errno == EPIPE) {
			struct timespec zero = {0, 0};
			while (sigtimedwait(&pipe_set, NULL, &zero) > 0)
				;
		}
		rc = -1;
		break;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc < 0)
		arbI_engine_break(e);
	return rc;
}

/* The next line into e->line (without its newline or a '\r' before it) by
 * the deadline. */
static arbI_wait read_line(arb_engine *e, long long deadline_us)
{
	for (;;) {
		char *nl = memchr(e->buf, '\n', e->have);
		if (nl) {
			size_t n = (size_t)(nl - e->buf);
			int drop = e->dropping;
			if (!drop) {
				memcpy(e->line, e->buf, n);
				if (n && e->line[n - 1] == '\r')
					n--;
				e->line[n] = '\0';
			}
			size_t used = (size_t)(nl - e->buf) + 1;
			e->have -= used;
			memmove(e->buf, e->buf + used, e->have);
			e->dropping = 0;
			if (!drop)
				return ARBI_WAIT_OK;
			continue;
		}
		if (e->have == sizeof e->buf) { /* an overlong line: drop it */
			e->have = 0;
			e->dropping = 1;
		}
		if (e->eof || e->from < 0)
			return ARBI_WAIT_EOF;
		ssize_t r = read(e->from, e->buf + e->have, sizeof e->buf - e->have);
		if (r > 0) {
			e->have += (size_t)r;
			continue;
		}
		if (r == 0) {
			e->eof = 1;
			return ARBI_WAIT_EOF;
		}
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN) {
			e->eof = 1;
			return ARBI_WAIT_EOF;
		}
		long long left = deadline_us - arbI_now_us();
		if (left <= 0)
			return ARBI_WAIT_TIMEOUT;
		struct pollfd pf = {e->from, POLLIN, 0};
		int ms = (int)((left + 999) / 1000);
		if (poll(&pf, 1, ms) < 0 && errno != EINTR) {
			e->eof = 1;
			return ARBI_WAIT_EOF;
		}
	}
}

/* The first word of s and the rest: s is split in place at blanks. */
static char *word(char **s)
{
	char *p = *s, *w;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p) {
		*s = p;
		return NULL;
	}
	w = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	if (*p)
		*p++ = '\0';
	*s = p;
	return w;
}

/* 1 if the first word of line is w. */
static int first_word_is(const char *line, const char *w)
{
	size_t n = strlen(w);

	while (*line == ' ' || *line == '\t')
		line++;
	return strncmp(line, w, n) == 0 && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

static void copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

/* "info ... score cp N | mate N ..." into out. */
static void read_info(char *rest, arbI_go_reply *out)
{
	char *w;

	while ((w = word(&rest))) {
		if (strcmp(w, "string") == 0)
			return; /* free text to the end */
		if (strcmp(w, "score") != 0)
			continue;
		char *kind = word(&rest), *v = word(&rest);
		if (!kind || !v)
			return;
		long n = strtol(v, NULL, 10);
		if (n > 100000 || n < -100000)
			continue;
		if (strcmp(kind, "cp") == 0) {
			out->has_score = 1;
			out->mate = 0;
			out->cp = (int)n;
		} else if (strcmp(kind, "mate") == 0) {
			out->has_score = 1;
			out->mate = (int)n;
			out->cp = n >= 0 ? 30000 : -30000;
		}
	}
}

arbI_wait arbI_engine_wait_bestmove(arb_engine *e, long long deadline_us, arbI_go_reply *out)
{
	for (;;) {
		arbI_wait w = read_line(e, deadline_us);
		if (w != ARBI_WAIT_OK) {
			if (w == ARBI_WAIT_EOF)
				arbI_engine_break(e);
			return w;
		}
		char *rest = e->line, *cmd = word(&rest);
		if (!cmd)
			continue;
		if (strcmp(cmd, "info") == 0)
			read_info(rest, out);
		else if (strcmp(cmd, "bestmove") == 0) {
			out->at_us = arbI_now_us();
			copy(out->move, sizeof out->move, word(&rest));
			return ARBI_WAIT_OK;
		}
	}
}

/* Reads lines up to one whose first word is `want`, by the deadline. */
static arbI_wait wait_for(arb_engine *e, const char *want, long long deadline_us)
{
	for (;;) {
		arbI_wait w = read_line(e, deadline_us);
		if (w != ARBI_WAIT_OK)
			return w;
		char *rest = e->line, *cmd = word(&rest);
		if (cmd && strcmp(cmd, want) == 0)
			return ARBI_WAIT_OK;
	}
}

arbI_wait arbI_engine_sync(arb_engine *e, long timeout_ms)
{
	if (arbI_engine_send(e, "isready") != 0)
		return ARBI_WAIT_EOF;
	arbI_wait w = wait_for(e, "readyok", arbI_now_us() + timeout_ms * 1000LL);
	if (w != ARBI_WAIT_OK)
		arbI_engine_break(e);
	return w;
}

void arbI_engine_break(arb_engine *e)
{
	e->broken = 1;
}

long arbI_engine_timeout(const arb_engine *e)
{
	return e->timeout_ms;
}

/* ---- the handshake -------------------------------------------------------- */

/* "id name X" and "option name X type ..." lines before uciok. */
static void read_id_or_option(arb_engine *e)
{
	char *rest = e->line, *cmd = word(&rest), *w;

	if (!cmd)
		return;
	if (strcmp(cmd, "id") == 0) {
		if ((w = word(&rest)) && strcmp(w, "name") == 0) {
			while (*rest == ' ')
				rest++;
			copy(e->id_name, sizeof e->id_name, rest);
		}
		return;
	}
	if (strcmp(cmd, "option") != 0 || !(w = word(&rest)) || strcmp(w, "name") != 0)
		return;
	/* The name runs to " type " (it may hold blanks). */
	char *type = strstr(rest, " type ");
	if (type)
		*type = '\0';
	while (*rest == ' ')
		rest++;
	if (*rest && e->noptions < OPTIONS_SEEN_MAX) {
		char *name = malloc(strlen(rest) + 1);
		if (name) {
			strcpy(name, rest);
			e->options[e->noptions++] = name;
		}
	}
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static void fail_start(arb_engine *e, arb_error *err, arbI_wait w, const char *what,
		       const arb_engine_spec *spec)
{
	if (w == ARBI_WAIT_TIMEOUT)
		arbI_err_report(err, ARB_E_ENGINE, 0, "'%s' did not answer '%s' within %ld ms",
				spec->cmd, what, e->timeout_ms);
	else
		arbI_err_report(err, ARB_E_ENGINE, 0, "'%s' exited before answering '%s'",
				spec->cmd, what);
}

static arb_engine *handshake(arb_engine *e, const arb_engine_spec *spec, arb_error *err);

arb_engine *arb_engine_open(const arb_engine_spec *spec, arb_error *err)
{
	arbI_api_check(spec && spec->cmd && spec->nargs >= 0 &&
			       spec->nargs <= ARB_ENGINE_ARGS_MAX && spec->noptions >= 0 &&
			       spec->noptions <= ARB_ENGINE_OPTIONS_MAX,
		       NULL);
	arb_engine *e = calloc(1, sizeof *e);
	if (!e) {
		arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
		return NULL;
	}
	e->to = e->from = -1;
	e->chess960 = -1;
	e->timeout_ms = spec->start_timeout_ms > 0 ? spec->start_timeout_ms : 10000;
	if (spawn(e, spec, err) != 0) {
		free_engine(e);
		return NULL;
	}
	return handshake(e, spec, err);
}

arb_engine *arbI_engine_adopt(int to, int from, const arb_engine_spec *spec, arb_error *err)
{
	arb_engine *e = calloc(1, sizeof *e);

	if (!e) {
		close(to);
		close(from);
		arbI_err_report(err, ARB_E_NOMEM, 0, "out of memory");
		return NULL;
	}
	e->to = to;
	e->from = from;
	e->chess960 = -1;
	e->timeout_ms = spec->start_timeout_ms > 0 ? spec->start_timeout_ms : 10000;
	fcntl(e->to, F_SETFL, fcntl(e->to, F_GETFL) | O_NONBLOCK);
	fcntl(e->from, F_SETFL, fcntl(e->from, F_GETFL) | O_NONBLOCK);
	return handshake(e, spec, err);
}

/* "uci" up to "uciok", the options, "isready" up to "readyok": the engine,
 * or NULL with err (the engine closed). */
static arb_engine *handshake(arb_engine *e, const arb_engine_spec *spec, arb_error *err)
{
	arbI_wait w = ARBI_WAIT_EOF;
	if (arbI_engine_send(e, "uci") == 0) {
		long long until = arbI_now_us() + e->timeout_ms * 1000LL;
		while ((w = read_line(e, until)) == ARBI_WAIT_OK) {
			if (first_word_is(e->line, "uciok"))
				break;
			read_id_or_option(e);
		}
	}
	if (w != ARBI_WAIT_OK) {
		fail_start(e, err, w, "uci", spec);
		arb_engine_close(e, 100);
		return NULL;
	}
	char line[1024];
	for (int i = 0; i < spec->noptions; i++) {
		snprintf(line, sizeof line, "setoption name %s value %s", spec->option_name[i],
			 spec->option_value[i] ? spec->option_value[i] : "");
		if (arbI_engine_send(e, line) != 0)
			break;
	}
	if ((w = arbI_engine_sync(e, e->timeout_ms)) != ARBI_WAIT_OK) {
		fail_start(e, err, w, "isready", spec);
		arb_engine_close(e, 100);
		return NULL;
	}
	copy(e->name, sizeof e->name,
	     spec->name && *spec->name ? spec->name :
	     e->id_name[0]             ? e->id_name :
					 base_name(spec->cmd));
	return e;
}

void arb_engine_close(arb_engine *e, long quit_ms)
{
	if (!e)
		return;
	if (e->pid > 0) {
		if (!e->broken)
			arbI_engine_send(e, "quit");
		close_fd(&e->to); /* end of input: an engine reading it exits */
		reap(e, e->broken ? 0 : quit_ms > 0 ? quit_ms : 1000);
	}
	free_engine(e);
}

const char *arb_engine_name(const arb_engine *e)
{
	arbI_api_check(e, "");
	return e->name;
}

int arb_engine_alive(const arb_engine *e)
{
	arbI_api_check(e, 0);
	return e->pid > 0 && !e->broken && !e->eof;
}

int arb_engine_has_option(const arb_engine *e, const char *name)
{
	arbI_api_check(e && name, 0);
	for (int i = 0; i < e->noptions; i++)
		if (strcasecmp(e->options[i], name) == 0)
			return 1;
	return 0;
}

int arbI_engine_set_960(arb_engine *e, int on)
{
	char line[64];

	if (e->chess960 == on || !arb_engine_has_option(e, "UCI_Chess960"))
		return 0;
	snprintf(line, sizeof line, "setoption name UCI_Chess960 value %s", on ? "true" : "false");
	if (arbI_engine_send(e, line) != 0)
		return -1;
	e->chess960 = on;
	return 0;
}
