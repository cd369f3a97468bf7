/*
 * variants.c -- `arbiter variants`: the variant scripts found in the variant
 * path (lua/datapath.h), each loaded in the sandbox: its file name, its
 * `name` field, the PGN Variant tag values that select it, and where it was
 * found. A script that does not load is listed with its error on stderr.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "variants.h"

#ifdef ARBITER_HAVE_LUA
#include "variant.h"
#endif

void cli_variants_usage(FILE *out)
{
	fputs("usage: arbiter variants [--profile-path DIR] [--verbose]\n"
	      "\n"
	      "Lists the variant scripts (start position, castling geometry, notation;\n"
	      "schema in variants/README.md) of the variant path, one per line: the name\n"
	      "to load it by, its own name, the PGN Variant tag values that select it,\n"
	      "and its file.\n"
	      "\n"
	      "  --profile-path DIR  look for variant scripts in DIR first (':' separates);\n"
	      "                      then in D/variants for each directory D of\n"
	      "                      $ARBITER_PATH, the source tree's variants/ (when run\n"
	      "                      from the build tree), the installed ones\n"
	      "  --verbose           what the scripts print() goes to stderr, each line\n"
	      "                      after the script's name and line (without it, nowhere)\n"
	      "\n"
	      "Exit status: 0 ok, 1 a variant that does not load (its error on stderr),\n"
	      "2 bad command line.\n",
	      out);
}

#ifdef ARBITER_HAVE_LUA

struct listed {
	int n, failed;
	cli_prints *prints; /* --verbose, else NULL */
};

static void show_one(const char *name, const char *file, void *ctx)
{
	struct listed *l = ctx;
	char err[512];
	arb_variant *v = arb_variant_load_print(file, l->prints ? cli_script_print : NULL,
						l->prints, err, sizeof err);

	l->n++;
	if (v == NULL) {
		cli_error("variants", "%s", err);
		l->failed = 1;
		return;
	}
	printf("%-12s %-24s ", name, arb_variant_name(v));
	if (arb_variant_pgn_count(v) == 0)
		fputs("-", stdout);
	for (int i = 0; i < arb_variant_pgn_count(v); i++)
		printf("%s\"%s\"", i ? "," : "", arb_variant_pgn(v, i));
	printf("  %s\n", file);
	arb_variant_free(v);
}

int cli_variants(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char *path = NULL, *arg;
	cli_prints prints = {stderr};
	struct listed l = {0, 0, NULL};
	cli_argv it;
	int m;

	if (operand == NULL) {
		cli_error("variants", "out of memory");
		return CLI_FAIL;
	}
	cli_argv_init(&it, argc, argv, operand);
	while ((arg = cli_next_option(&it)) != NULL) {
		if (cli_is_help(arg)) {
			cli_variants_usage(stdout);
			free(operand);
			return CLI_OK;
		}
		if (strcmp(arg, "--verbose") == 0) {
			l.prints = &prints;
			continue;
		}
		m = cli_option_value(&it, "variants", "--profile-path", &path);
		if (m == 0)
			cli_error("variants", "unknown option '%s' (try 'arbiter variants --help')",
				  arg);
		if (m <= 0) {
			free(operand);
			return CLI_USAGE;
		}
	}
	if (it.noperands > 0) {
		cli_error("variants", "unexpected argument '%s' (try 'arbiter variants --help')",
			  operand[0]);
		free(operand);
		return CLI_USAGE;
	}
	free(operand);
	if (arb_variant_list(path, show_one, &l) < 0) {
		cli_error("variants", "out of memory");
		return CLI_FAIL;
	}
	return l.failed ? CLI_FAIL : CLI_OK;
}

#else

int cli_variants(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_error("variants", "this arbiter was built without the Lua layer (variant scripts)");
	return CLI_FAIL;
}

#endif
