/*
 * util.c -- argument and error helpers shared by the `arbiter` subcommands.
 *
 * Everything here reports bad input with a message on stderr and a return
 * value; nothing exits, so each subcommand decides its own exit status.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void message(FILE *out, const char *cmd, const char *fmt, va_list ap)
{
	fputs("arbiter: ", out);
	if (cmd)
		fprintf(out, "%s: ", cmd);
	vfprintf(out, fmt, ap);
	fputc('\n', out);
}

void cli_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	message(stderr, cmd, fmt, ap);
	va_end(ap);
}

void cli_message(FILE *out, const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	message(out, cmd, fmt, ap);
	va_end(ap);
}

int cli_is_option(const char *arg)
{
	if (arg[0] != '-')
		return 0;
	if (arg[1] == '-')
		return arg[2] != '\0'; /* "--" alone is handled by the callers */
	return isalpha((unsigned char)arg[1]) != 0;
}

const char *cli_plural(long n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

int cli_is_help(const char *arg)
{
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int cli_fen_mode_option(const char *cmd, const char *arg, unsigned *mode)
{
	unsigned want;

	if (strcmp(arg, "--960") == 0 || strcmp(arg, "--chess960") == 0)
		want = ARB_FEN_CHESS960;
	else if (strcmp(arg, "--standard") == 0)
		want = ARB_FEN_STANDARD;
	else
		return 0;
	if (*mode != ARB_FEN_AUTO && *mode != want) {
		cli_error(cmd, "--960 and --standard exclude each other");
		return -1;
	}
	*mode = want;
	return 1;
}

int cli_parse_depth(const char *cmd, const char *text, int *depth)
{
	int value = 0;
	const char *p;

	for (p = text; *p; p++) {
		if (!isdigit((unsigned char)*p))
			break;
		value = value * 10 + (*p - '0');
		if (value > CLI_MAX_DEPTH)
			break;
	}
	if (p == text || *p != '\0' || value > CLI_MAX_DEPTH) {
		cli_error(cmd, "bad depth '%s': expected a number from 0 to %d", text,
			  CLI_MAX_DEPTH);
		return -1;
	}
	*depth = value;
	return 0;
}

char *cli_join(const char *cmd, char **args, int count)
{
	size_t len = 1;
	char *out, *p;
	int i;

	for (i = 0; i < count; i++)
		len += strlen(args[i]) + 1;
	out = malloc(len);
	if (!out) {
		cli_error(cmd, "out of memory");
		return NULL;
	}
	p = out;
	for (i = 0; i < count; i++) {
		size_t n = strlen(args[i]);

		if (i > 0)
			*p++ = ' ';
		memcpy(p, args[i], n);
		p += n;
	}
	*p = '\0';
	return out;
}

int cli_set_fen(const char *cmd, arb_position *pos, const char *fen, unsigned flags)
{
	arb_error err;
	arb_status status;

	memset(&err, 0, sizeof err);
	status = arb_position_set_fen(pos, fen, flags, &err);
	if (status != ARB_OK) {
		if (err.message[0] != '\0')
			cli_error(cmd, "%s", err.message);
		else
			cli_error(cmd, "bad FEN (%s)", arb_status_name(status));
		return -1;
	}
	if ((flags & ARB_FEN_REPAIR) && err.repairs > 0)
		cli_error(cmd, "note: %s", err.message);
	return 0;
}

void cli_move_uci(const arb_position *pos, arb_move move, char *buf)
{
	char text[16];
	size_t n;

	memset(text, 0, sizeof text);
	n = arb_move_to_uci(pos, move, text);
	if (n > 7)
		n = 7;
	memcpy(buf, text, n);
	buf[n] = '\0';
}

int cli_compare_uci(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

void cli_argv_init(cli_argv *it, int argc, char **argv, char **operand)
{
	it->argc = argc;
	it->argv = argv;
	it->i = -1;
	it->options_done = 0;
	it->operand = operand;
	it->noperands = 0;
}

const char *cli_next_option(cli_argv *it)
{
	while (++it->i < it->argc) {
		char *arg = it->argv[it->i];

		if (!it->options_done && cli_is_option(arg))
			return arg;
		if (!it->options_done && strcmp(arg, "--") == 0)
			it->options_done = 1;
		else
			it->operand[it->noperands++] = arg;
	}
	return NULL;
}

int cli_option_value(cli_argv *it, const char *cmd, const char *name, const char **value)
{
	const char *arg = it->argv[it->i];
	size_t n = strlen(name);

	if (strncmp(arg, name, n) != 0 || (arg[n] != '\0' && arg[n] != '='))
		return 0;
	if (arg[n] == '=') {
		*value = arg + n + 1;
		return 1;
	}
	if (it->i + 1 >= it->argc) {
		cli_error(cmd, "%s needs a value (try 'arbiter %s --help')", name, cmd);
		return -1;
	}
	*value = it->argv[++it->i];
	return 1;
}

int cli_read_games(const char *cmd, const char *path, unsigned flags, FILE *errors, cli_game_fn fn,
		   void *ctx, cli_games *count)
{
	const char *name = strcmp(path, "-") == 0 ? "(stdin)" : path;
	arb_record *g;
	arb_error err;
	int rc = 0;

	memset(&err, 0, sizeof err);
	arb_pgn_reader *r = arb_pgn_reader_open(path, flags, &err);
	if (!r) {
		cli_error(cmd, "%s", err.message[0] ? err.message : path);
		if (err.code == ARB_E_NOMEM)
			return -1;
		count->io_failed = 1;
		return 0;
	}
	for (;;) {
		arb_status status = arb_pgn_next(r, &g, &err);
		if (status == ARB_OK && !g)
			break;
		if (status == ARB_E_PGN) {
			count->games++;
			count->bad++;
			if (errors)
				fprintf(errors, "%s\n", err.message);
			else
				cli_error(cmd, "%s", err.message);
		} else if (status != ARB_OK) {
			/* The engine's message names the file. */
			cli_error(cmd, "%s", err.message[0] ? err.message : name);
			if (status == ARB_E_IO)
				count->io_failed = 1;
			else
				rc = -1;
			break;
		} else {
			count->games++;
			if (fn(g, name, arb_pgn_reader_games(r), ctx) != 0)
				rc = -1;
		}
		/* Stop early when stdout fails (a full disk); main reports it. */
		if (rc != 0 || ferror(stdout)) {
			rc = -1;
			break;
		}
	}
	arb_pgn_reader_free(r);
	return rc;
}
