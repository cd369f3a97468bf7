/*
 * svg.h -- SVG diagram files for the `arbiter` command: a file around the
 * library's diagram sheet (arb_svg_* in arbiter.h, which draws the boards).
 *
 * A sheet holds `count` boards in a grid (one board: the whole sheet). The
 * file is created when the sheet is opened and removed again when a write
 * fails, so a failed command leaves no half-written diagram.
 */
#ifndef ARBITER_CLI_SVG_H
#define ARBITER_CLI_SVG_H

#include "arbiter.h"

typedef struct cli_svg cli_svg;

/*
 * Creates FILE `path` for a sheet of `count` (>= 1) boards whose document
 * title is `title` (NULL: the library's default). Returns NULL after a
 * message "arbiter: CMD: ..." if the file cannot be created or memory runs
 * out.
 */
cli_svg *cli_svg_open(const char *cmd, const char *path, int count, const char *title);

/* Draws the next board of the sheet: `pos` with `title` above and `caption`
 * below (plain text, NULL for the library's default: who is to move, and
 * the X-FEN), `flags` as for arb_svg_board. Returns 0, or -1 if writing
 * failed (the error is reported by cli_svg_close). */
int cli_svg_board(cli_svg *s, const arb_position *pos, const char *title, const char *caption,
		  unsigned flags);

/*
 * Finishes the sheet and closes the file; frees s (NULL is a no-op).
 * Returns 0, or -1 after a message if any write failed; the unfinished file
 * is then removed.
 */
int cli_svg_close(cli_svg *s);

#endif /* ARBITER_CLI_SVG_H */
