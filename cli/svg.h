/*
 * svg.h -- chess diagrams as SVG, for the `arbiter` command.
 *
 * A sheet holds `count` boards in a grid (one board: the whole sheet). Each
 * board is drawn from a position with a title above it and a caption (a FEN)
 * below it; files a-h and ranks 1-8 are labelled. The pieces are vector
 * shapes defined once in the file, so the diagram needs no chess font. The
 * sheet is 190 mm wide, to print on A4 with margins; it scales freely when
 * shown on a screen or a projector.
 */
#ifndef ARBITER_CLI_SVG_H
#define ARBITER_CLI_SVG_H

#include "arbiter.h"

typedef struct cli_svg cli_svg;

/*
 * Creates FILE `path` and writes the sheet's header for `count` (>= 1)
 * boards. Returns NULL after a message "arbiter: CMD: ..." if the file
 * cannot be created or memory runs out.
 */
cli_svg *cli_svg_open(const char *cmd, const char *path, int count);

/* Draws the next board of the sheet: `pos` with `title` above and `caption`
 * below (plain text; escaped here). Returns 0, or -1 if writing failed (the
 * error is reported by cli_svg_close). */
int cli_svg_board(cli_svg *s, const arb_position *pos, const char *title, const char *caption);

/*
 * Finishes the sheet and closes the file; frees s (NULL is a no-op).
 * Returns 0, or -1 after a message if any write failed; the unfinished file
 * is then removed.
 */
int cli_svg_close(cli_svg *s);

#endif /* ARBITER_CLI_SVG_H */
