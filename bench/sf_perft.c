/*
 * sf_perft.c -- times a UCI engine's `go perft N` (Stockfish) fairly.
 *
 *   arbiter_bench --list | sf_perft [--csv] [--repeat N] [--timeout S] ENGINE
 *
 * Reads positions as TSV (name, depth, expected nodes or 0, chess960 0/1, FEN)
 * and runs them all in ONE engine session over pipes. Process start-up and
 * network (NNUE) loading are not timed: the session is opened with
 * uci/isready, each position is set and warmed up with `go perft 1`, and only
 * the span from writing `go perft N` to reading "Nodes searched: ..." is
 * measured (CLOCK_MONOTONIC), best of N runs (default 3). Threads is set to 1.
 * Output matches arbiter_bench (--csv: name,depth,nodes,seconds,mnps). Exit
 * status 1 if a count differs from the expected one, 2 if the engine fails.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define LINE_MAX_LEN 4096

/* One engine session: pipes to its stdin and from its stdout. */
struct engine {
	pid_t pid;
	int to, from;
	int timeout_ms;
	char buf[LINE_MAX_LEN];
	size_t len; /* bytes in buf */
};

struct position {
	char name[128];
	int depth;
	uint64_t expected;
	int chess960;
	char fen[512];
};

static double now_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0.0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- talking to the engine ------------------------------------------------ */

static int engine_start(struct engine *e, const char *path)
{
	int in[2], out[2];

	if (pipe(in) != 0 || pipe(out) != 0) {
		perror("sf_perft: pipe");
		return -1;
	}
	e->pid = fork();
	if (e->pid < 0) {
		perror("sf_perft: fork");
		return -1;
	}
	if (e->pid == 0) {
		if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0)
			_exit(127);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execlp(path, path, (char *)NULL);
		fprintf(stderr, "sf_perft: cannot run %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	e->to = in[1];
	e->from = out[0];
	e->len = 0;
	return 0;
}

static int engine_send(struct engine *e, const char *line)
{
	size_t n = strlen(line), done = 0;

	while (done < n) {
		ssize_t w = write(e->to, line + done, n - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			fprintf(stderr, "sf_perft: engine closed its input\n");
			return -1;
		}
		done += (size_t)w;
	}
	return 0;
}

/* Reads one line (without the newline) into out; 0, or -1 on EOF/timeout. */
static int engine_line(struct engine *e, char *out, size_t size)
{
	for (;;) {
		char *nl = memchr(e->buf, '\n', e->len);
		struct pollfd p;
		ssize_t r;
		int pr;

		if (nl) {
			size_t n = (size_t)(nl - e->buf), keep = n < size - 1 ? n : size - 1;

			memcpy(out, e->buf, keep);
			out[keep] = '\0';
			if (keep > 0 && out[keep - 1] == '\r')
				out[keep - 1] = '\0';
			memmove(e->buf, nl + 1, e->len - n - 1);
			e->len -= n + 1;
			return 0;
		}
		if (e->len == sizeof e->buf)
			e->len = 0; /* an absurdly long line: drop it */
		p.fd = e->from;
		p.events = POLLIN;
		pr = poll(&p, 1, e->timeout_ms);
		if (pr < 0 && errno == EINTR)
			continue;
		if (pr <= 0) {
			fprintf(stderr, "sf_perft: engine timed out\n");
			return -1;
		}
		r = read(e->from, e->buf + e->len, sizeof e->buf - e->len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			fprintf(stderr, "sf_perft: engine exited\n");
			return -1;
		}
		e->len += (size_t)r;
	}
}

/* Reads lines until one starts with `prefix`; copies it into out. */
static int engine_wait(struct engine *e, const char *prefix, char *out, size_t size)
{
	size_t n = strlen(prefix);

	for (;;) {
		if (engine_line(e, out, size) != 0)
			return -1;
		if (strncmp(out, prefix, n) == 0)
			return 0;
	}
}

/* Sends `go perft depth`; sets *nodes and *seconds (write to last line). */
static int engine_perft(struct engine *e, int depth, uint64_t *nodes, double *seconds)
{
	char cmd[64], line[LINE_MAX_LEN];
	double start;

	snprintf(cmd, sizeof cmd, "go perft %d\n", depth);
	start = now_seconds();
	if (engine_send(e, cmd) != 0 || engine_wait(e, "Nodes searched:", line, sizeof line) != 0)
		return -1;
	*seconds = now_seconds() - start;
	*nodes = strtoull(line + strlen("Nodes searched:"), NULL, 10);
	return 0;
}

static void engine_stop(struct engine *e)
{
	ssize_t w;
	int status;

	/* Quietly: the engine may be gone already. */
	w = write(e->to, "quit\n", 5);
	(void)w;
	close(e->to);
	close(e->from);
	while (waitpid(e->pid, &status, 0) < 0) {
		if (errno != EINTR)
			break;
	}
}

/* ---- the positions ----------------------------------------------------------- */

/* Parses "name\tdepth\texpected\tchess960\tfen"; 0, or -1 if malformed. */
static int parse_line(char *line, struct position *p)
{
	char *field[5];
	int i;

	line[strcspn(line, "\r\n")] = '\0';
	for (i = 0; i < 5; i++) {
		field[i] = line;
		line = strchr(line, '\t');
		if (!line && i < 4)
			return -1;
		if (line)
			*line++ = '\0';
	}
	if (strlen(field[0]) >= sizeof p->name || strlen(field[4]) >= sizeof p->fen)
		return -1;
	strcpy(p->name, field[0]);
	p->depth = atoi(field[1]);
	p->expected = strtoull(field[2], NULL, 10);
	p->chess960 = atoi(field[3]) != 0;
	strcpy(p->fen, field[4]);
	return p->depth >= 1 && p->depth <= 20 ? 0 : -1;
}

/* Sets up, warms up and times one position; returns 0 ok, 1 bad count, 2 error. */
static int run_one(struct engine *e, const struct position *p, int repeat, int csv)
{
	char cmd[700], line[LINE_MAX_LEN];
	uint64_t nodes = 0, n;
	double best = 0.0, t;
	int r;

	snprintf(cmd, sizeof cmd,
		 "setoption name UCI_Chess960 value %s\nposition fen %s\nisready\n",
		 p->chess960 ? "true" : "false", p->fen);
	if (engine_send(e, cmd) != 0 || engine_wait(e, "readyok", line, sizeof line) != 0)
		return 2;
	if (engine_perft(e, 1, &n, &t) != 0) /* warm-up, not timed */
		return 2;
	for (r = 0; r < repeat; r++) {
		if (engine_perft(e, p->depth, &n, &t) != 0)
			return 2;
		if (r == 0 || t < best)
			best = t;
		nodes = n;
	}
	if (csv)
		printf("%s,%d,%" PRIu64 ",%.6f,%.2f\n", p->name, p->depth, nodes, best,
		       best > 0.0 ? (double)nodes / best / 1e6 : 0.0);
	else
		printf("%-28s %5d %12" PRIu64 " %9.3f %9.2f\n", p->name, p->depth, nodes, best,
		       best > 0.0 ? (double)nodes / best / 1e6 : 0.0);
	fflush(stdout);
	if (p->expected != 0 && nodes != p->expected) {
		fprintf(stderr, "sf_perft: %s depth %d: %" PRIu64 " nodes, expected %" PRIu64 "\n",
			p->name, p->depth, nodes, p->expected);
		return 1;
	}
	return 0;
}

static int open_session(struct engine *e, const char *path)
{
	char line[LINE_MAX_LEN];

	if (engine_start(e, path) != 0)
		return -1;
	if (engine_send(e, "uci\n") != 0 || engine_wait(e, "uciok", line, sizeof line) != 0)
		return -1;
	if (engine_send(e, "setoption name Threads value 1\nisready\n") != 0 ||
	    engine_wait(e, "readyok", line, sizeof line) != 0)
		return -1;
	return 0;
}

static void usage(FILE *out)
{
	fputs("usage: arbiter_bench --list | sf_perft [--csv] [--repeat N] [--timeout S] ENGINE\n",
	      out);
}

int main(int argc, char **argv)
{
	struct engine e;
	struct position p;
	char line[1024];
	int i, csv = 0, repeat = 3, timeout = 600, rc = 0, r;

	for (i = 1; i < argc - 1; i++) {
		if (strcmp(argv[i], "--csv") == 0)
			csv = 1;
		else if (strcmp(argv[i], "--repeat") == 0 && i + 2 < argc)
			repeat = atoi(argv[++i]);
		else if (strcmp(argv[i], "--timeout") == 0 && i + 2 < argc)
			timeout = atoi(argv[++i]);
		else
			break;
	}
	if (i != argc - 1 || argv[i][0] == '-' || repeat < 1 || timeout < 1) {
		usage(stderr);
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	memset(&e, 0, sizeof e);
	e.timeout_ms = timeout * 1000;
	if (open_session(&e, argv[i]) != 0) {
		if (e.pid > 0)
			engine_stop(&e);
		return 2;
	}
	if (csv)
		puts("name,depth,nodes,seconds,mnps");
	else
		printf("%-28s %5s %12s %9s %9s\n", "position", "depth", "nodes", "seconds",
		       "Mnodes/s");
	while (rc != 2 && fgets(line, sizeof line, stdin)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (parse_line(line, &p) != 0) {
			fprintf(stderr, "sf_perft: bad input line: %s\n", line);
			rc = 2;
			break;
		}
		r = run_one(&e, &p, repeat, csv);
		if (r > rc)
			rc = r;
	}
	engine_stop(&e);
	if (fflush(stdout) != 0 || ferror(stdout))
		return 2;
	return rc;
}
