/*
 * svg.c -- SVG diagram files (see svg.h): a FILE under the library's sheet
 * writer. The drawing itself is arb_svg_* in the library, shared with the
 * Lua module (Position:svg, arbiter.svg), so both give the same diagrams.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "svg.h"

struct cli_svg {
	FILE *fp;
	arb_svg *sheet;
	char *path;
	const char *cmd;
	int failed;
};

/* arb_write_fn onto the FILE. */
static int write_file(void *ctx, const char *buf, size_t n)
{
	return fwrite(buf, 1, n, (FILE *)ctx) == n ? 0 : -1;
}

cli_svg *cli_svg_open(const char *cmd, const char *path, int count, const char *title)
{
	cli_svg *s = calloc(1, sizeof *s);

	if (s)
		s->path = malloc(strlen(path) + 1);
	if (!s || !s->path) {
		free(s);
		cli_error(cmd, "out of memory");
		return NULL;
	}
	strcpy(s->path, path);
	s->cmd = cmd;
	s->fp = fopen(path, "w");
	if (!s->fp) {
		cli_error(cmd, "cannot write '%s': %s", path, strerror(errno));
		free(s->path);
		free(s);
		return NULL;
	}
	s->sheet = arb_svg_new(count < 1 ? 1 : count, title, write_file, s->fp);
	if (!s->sheet) {
		cli_error(cmd, "out of memory");
		fclose(s->fp);
		remove(path);
		free(s->path);
		free(s);
		return NULL;
	}
	return s;
}

int cli_svg_board(cli_svg *s, const arb_position *pos, const char *title, const char *caption,
		  unsigned flags)
{
	if (arb_svg_board(s->sheet, pos, title, caption, flags) != ARB_OK)
		s->failed = 1;
	return s->failed ? -1 : 0;
}

int cli_svg_close(cli_svg *s)
{
	int failed;

	if (!s)
		return 0;
	failed = s->failed || arb_svg_finish(s->sheet) != ARB_OK || ferror(s->fp) != 0;
	if (fclose(s->fp) != 0)
		failed = 1;
	if (failed) {
		cli_error(s->cmd, "error writing '%s'", s->path);
		remove(s->path);
	}
	arb_svg_free(s->sheet);
	free(s->path);
	free(s);
	return failed ? -1 : 0;
}
