/*
 * entries.c -- `arbiter tournament withdraw|prohibit|set`: what a director
 * records between rounds that is not a result.
 *
 *   withdraw FILE --player ID (--from-round K [--to-round L] | --permanent-from K)
 *   prohibit FILE ID ID [ID...] [--rounds A-B]
 *   set FILE [--rules PROFILE] [--regulations ED] [--rounds R]
 *
 * A withdrawal makes the player absent (Z) from the rounds it covers and is
 * kept as a note, so a permanent one keeps him out of rounds paired later;
 * a prohibited pairing is a TRF-2026 record 260; the rule profile and the
 * regulation of the event are notes that `result`, `standings`,
 * `crosstable` and `compare` use when not told otherwise. Each is checked
 * before anything is written (a round where the player has a game, an
 * unknown player, a profile or regulation that does not load), every write
 * goes through a temporary file renamed over FILE, and says what changed.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicate.h"
#include "regulation.h"
#include "tournament.h"

#define CMD "tournament"

void cli_tournament_entries_usage(FILE *out)
{
	fputs("       arbiter tournament withdraw FILE.trf --player ID (--from-round K\n"
	      "                                   [--to-round L] | --permanent-from K)\n"
	      "       arbiter tournament prohibit FILE.trf ID ID [ID...] [--rounds A-B]\n"
	      "       arbiter tournament set FILE.trf [--rules PROFILE] [--regulations ED]\n"
	      "                              [--rounds R]\n"
	      "\n"
	      "  withdraw    player ID leaves rounds K..L (--to-round L; default K only),\n"
	      "              or every round from K on (--permanent-from K): he is absent\n"
	      "              (Z) from them, recorded so that rounds paired later keep him\n"
	      "              out; a round robin gives his games of those rounds as\n"
	      "              forfeits (+ for the opponent, - for him); refused when he has\n"
	      "              a game (or a bye of a round paired) in one of them\n"
	      "  prohibit    the players ID ID ... must not meet each other in rounds A-B\n"
	      "              (default: every round): a TRF-2026 record 260, which\n"
	      "              `check` then enforces\n"
	      "  set         the event's rule profile (--rules: `result` adjudicates by it)\n"
	      "              and regulation (--regulations: `standings`, `crosstable`,\n"
	      "              `compare` use it), each loaded first; --rounds R the rounds\n"
	      "              scheduled (record 142)\n",
	      out);
}

/* Loads FILE for a change: NULL after a message when it cannot be read or
 * has broken lines (*rc then the exit status). */
static arb_tournament *load_for_change(const char *path, int *rc)
{
	int bad = 0;
	arb_tournament *t = cli_tournament_load(path, &bad);
	if (!t) {
		*rc = CLI_USAGE;
		return NULL;
	}
	if (bad) {
		cli_error(CMD, "%s has broken lines: nothing changed", path);
		arb_tournament_free(t);
		*rc = CLI_FAIL;
		return NULL;
	}
	return t;
}

/* ---- checks of a stored profile or regulation --------------------------------- */

int cli_tournament_check_rules(const char *spec)
{
	arb_profile *p = cli_profile_open(CMD, spec, NULL, NULL);
	if (!p)
		return -1;
	arb_profile_free(p);
	return 0;
}

int cli_tournament_check_regulations(const char *spec)
{
	arb_regulation reg;
	arb_error err;
	if (arb_regulation_load(spec, NULL, &reg, &err) != ARB_OK) {
		cli_error(CMD, "--regulations: %s", err.message);
		return -1;
	}
	return 0;
}

const char *cli_tournament_stored(const char *path, const char *key, char *buf, size_t n)
{
	size_t len = 0;
	char *text;
	arb_tournament *t = NULL;
	const char *v;
	if (!strcmp(path, "-")) /* standard input cannot be read twice */
		return NULL;
	FILE *probe = fopen(path, "rb");
	if (!probe)
		return NULL; /* the command itself says why */
	fclose(probe);
	text = cli_tournament_slurp(CMD, path, &len);
	if (!text)
		return NULL;
	arb_trf_read(text, len, path, 0, &t, NULL); /* its problems: the command's */
	free(text);
	v = t ? arb_tournament_note(t, key) : NULL;
	if (v)
		snprintf(buf, n, "%s", v);
	arb_tournament_free(t);
	return v ? buf : NULL;
}

/* ---- withdraw --------------------------------------------------------------- */

/* The round of [from, last] in which player i cannot be withdrawn (a game,
 * or a bye of a round paired), with its cell; 0 none. */
static int blocking_round(const arb_tournament *t, int i, int from, int last,
			  arb_tournament_cell *c)
{
	for (int r = from; r <= last; r++) {
		if (arb_tournament_get_cell(t, i, r, c) != ARB_OK)
			continue;
		if (c->opponent != 0)
			return r;
		if (r <= arb_tournament_rounds_played(t) && c->result != 'Z' && c->result != ' ')
			return r;
	}
	return 0;
}

int cli_tournament_withdraw(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char *opt, *value;
	int rc = CLI_OK, got, id = 0, from = 0, to = -1, permanent = 0, ranged = 0;
	cli_argv it;
	if (!operand) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	cli_argv_init(&it, argc, argv, operand);
	while ((opt = cli_next_option(&it)) && rc == CLI_OK) {
		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			rc = CLI_DONE;
			break;
		}
		if ((got = cli_option_value(&it, CMD, "--player", &value)) != 0)
			rc = got < 0 || cli_tournament_parse_int("--player", value, 1, 9999, &id) ?
				     CLI_USAGE :
				     CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--from-round", &value)) != 0) {
			rc = got < 0 || cli_tournament_parse_int("--from-round", value, 1,
								 ARB_TRF_ROUNDS_MAX, &from) ?
				     CLI_USAGE :
				     CLI_OK;
			ranged = 1;
		} else if ((got = cli_option_value(&it, CMD, "--to-round", &value)) != 0)
			rc = got < 0 || cli_tournament_parse_int("--to-round", value, 1,
								 ARB_TRF_ROUNDS_MAX, &to) ?
				     CLI_USAGE :
				     CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--permanent-from", &value)) != 0) {
			rc = got < 0 || cli_tournament_parse_int("--permanent-from", value, 1,
								 ARB_TRF_ROUNDS_MAX, &from) ?
				     CLI_USAGE :
				     CLI_OK;
			permanent++;
		} else {
			cli_error(CMD,
				  "withdraw: unknown option '%s' (try 'arbiter help tournament')",
				  opt);
			rc = CLI_USAGE;
		}
	}
	if (rc == CLI_OK && (it.noperands != 1 || !id || !from)) {
		cli_error(CMD, "withdraw: FILE.trf, --player ID and --from-round K or "
			       "--permanent-from K expected (try 'arbiter help tournament')");
		rc = CLI_USAGE;
	} else if (rc == CLI_OK && permanent && (to >= 0 || permanent > 1 || ranged)) {
		cli_error(CMD, "withdraw: --permanent-from K excludes --from-round and --to-round");
		rc = CLI_USAGE;
	} else if (rc == CLI_OK && to >= 0 && !ranged) {
		cli_error(CMD, "withdraw: --to-round needs --from-round");
		rc = CLI_USAGE;
	}
	if (rc == CLI_OK && !permanent && to >= 0 && to < from) {
		cli_error(CMD, "withdraw: --to-round %d is before --from-round %d", to, from);
		rc = CLI_USAGE;
	}
	if (!permanent && to < 0)
		to = from;
	arb_tournament *t = rc == CLI_OK ? load_for_change(operand[0], &rc) : NULL;
	int i = t ? arb_tournament_player_index(t, id) : -1;
	arb_tournament_info in;
	if (t && i < 0) {
		cli_error(CMD, "withdraw: no player %d in %s", id, operand[0]);
		rc = CLI_FAIL;
	} else if (t) {
		arb_tournament_get_info(t, &in);
		if (in.rounds && (from > in.rounds || (!permanent && to > in.rounds))) {
			cli_error(CMD, "withdraw: round %d is past the last round (%d)",
				  from > in.rounds ? from : to, in.rounds);
			rc = CLI_FAIL;
		}
	}
	int last = permanent ? (t && in.rounds > from ? in.rounds : from) : to;
	arb_tournament_cell c;
	int r;
	if (rc == CLI_OK && (r = blocking_round(t, i, from, last, &c)) != 0) {
		if (c.opponent)
			cli_error(
				CMD,
				"withdraw: player %d has a game in round %d (against %d): give it "
				"a result (a forfeit: --game W-B=+/- or -/+), not a withdrawal",
				id, r, c.opponent);
		else
			cli_error(CMD,
				  "withdraw: round %d is paired and player %d has a bye (%c) in it",
				  r, id, c.result);
		rc = CLI_FAIL;
	}
	/* what changes: the rounds whose cell becomes Z */
	char before[ARB_TRF_ROUNDS_MAX + 2];
	for (r = from; rc == CLI_OK && r <= last; r++)
		before[r] = arb_tournament_get_cell(t, i, r, &c) == ARB_OK ? c.result : ' ';
	if (rc == CLI_OK) {
		arb_status st = arb_tournament_withdraw(t, id, from, permanent ? 0 : to);
		if (st != ARB_OK) {
			cli_error(CMD, "withdraw: %s",
				  st == ARB_E_NOMEM ?
					  "out of memory" :
					  "refused (too many withdrawals for one player)");
			rc = CLI_FAIL;
		} else {
			rc = cli_tournament_save(t, 0, operand[0]);
		}
	}
	if (rc == CLI_OK) {
		int absent = 0;
		for (r = from; r <= last; r++) {
			arb_tournament_get_cell(t, i, r, &c);
			if (before[r] != c.result) {
				absent++;
				if (before[r] != ' ')
					fprintf(stderr,
						"arbiter: %s: round %d: player %d's bye %c "
						"replaced by the absence\n",
						operand[0], r, id, before[r]);
			}
		}
		if (permanent)
			fprintf(stderr,
				"arbiter: %s: player %d withdrawn from round %d on: %d round%s "
				"made absences (Z)%s\n",
				operand[0], id, from, absent, absent == 1 ? "" : "s",
				in.rounds ? "" : "; later rounds when they are paired");
		else if (from == to)
			fprintf(stderr,
				"arbiter: %s: player %d withdrawn from round %d: %d round made "
				"an absence (Z)\n",
				operand[0], id, from, absent);
		else
			fprintf(stderr,
				"arbiter: %s: player %d withdrawn from rounds %d-%d: %d round%s "
				"made absences (Z)\n",
				operand[0], id, from, to, absent, absent == 1 ? "" : "s");
	} else if (t) {
		fprintf(stderr, "arbiter: %s: not changed\n", operand[0]);
	}
	arb_tournament_free(t);
	free(operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}

/* ---- prohibit --------------------------------------------------------------- */

int cli_tournament_prohibit(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	int *ids = calloc((size_t)argc + 1, sizeof *ids);
	const char *opt, *range = NULL;
	int rc = CLI_OK, got, first = 1, last = 0, nids = 0;
	cli_argv it;
	if (!operand || !ids) {
		free(operand);
		free(ids);
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	cli_argv_init(&it, argc, argv, operand);
	while ((opt = cli_next_option(&it)) && rc == CLI_OK) {
		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			rc = CLI_DONE;
			break;
		}
		if ((got = cli_option_value(&it, CMD, "--rounds", &range)) != 0) {
			int n = 0;
			if (got < 0 || sscanf(range, "%d-%d%n", &first, &last, &n) != 2 ||
			    range[n] || first < 1 || last < first || last > ARB_TRF_ROUNDS_MAX) {
				if (got > 0)
					cli_error(
						CMD,
						"--rounds: '%s' is not A-B with 1 <= A <= B <= %d",
						range, ARB_TRF_ROUNDS_MAX);
				rc = CLI_USAGE;
			}
		} else {
			cli_error(CMD,
				  "prohibit: unknown option '%s' (try 'arbiter help tournament')",
				  opt);
			rc = CLI_USAGE;
		}
	}
	if (rc == CLI_OK && it.noperands < 3) {
		cli_error(CMD, "prohibit: FILE.trf and two player ids or more expected (try "
			       "'arbiter help tournament')");
		rc = CLI_USAGE;
	}
	for (int k = 1; rc == CLI_OK && k < it.noperands; k++)
		if (cli_tournament_parse_int("prohibit", operand[k], 1, 9999, &ids[nids++]))
			rc = CLI_USAGE;
	arb_tournament *t = rc == CLI_OK ? load_for_change(operand[0], &rc) : NULL;
	arb_tournament_info in;
	if (t) {
		arb_tournament_get_info(t, &in);
		if (!range)
			last = in.rounds ? in.rounds : ARB_TRF_ROUNDS_MAX;
		if (in.team) {
			cli_error(CMD, "prohibit: %s is a team event (its 260 records name teams)",
				  operand[0]);
			rc = CLI_FAIL;
		} else if (range && in.rounds && last > in.rounds) {
			cli_error(CMD, "prohibit: --rounds %s goes past the last round (%d)", range,
				  in.rounds);
			rc = CLI_FAIL;
		}
	}
	for (int k = 0; rc == CLI_OK && k < nids; k++) {
		if (arb_tournament_player_index(t, ids[k]) < 0) {
			cli_error(CMD, "prohibit: no player %d in %s", ids[k], operand[0]);
			rc = CLI_FAIL;
		}
		for (int j = 0; rc == CLI_OK && j < k; j++)
			if (ids[j] == ids[k]) {
				cli_error(CMD, "prohibit: player %d is named twice", ids[k]);
				rc = CLI_USAGE;
			}
	}
	if (rc == CLI_OK) {
		arb_status st = arb_tournament_prohibited_add(t, first, last, ids, nids);
		if (st != ARB_OK) {
			cli_error(CMD, "prohibit: %s",
				  st == ARB_E_NOMEM ? "out of memory" : "refused");
			rc = CLI_FAIL;
		} else {
			rc = cli_tournament_save(t, 0, operand[0]);
		}
	}
	if (rc == CLI_OK)
		fprintf(stderr,
			"arbiter: %s: %d players must not meet each other in rounds %d-%d "
			"(record 260 added)\n",
			operand[0], nids, first, last);
	else if (t)
		fprintf(stderr, "arbiter: %s: not changed\n", operand[0]);
	arb_tournament_free(t);
	free(operand);
	free(ids);
	return rc == CLI_DONE ? CLI_OK : rc;
}

/* ---- set -------------------------------------------------------------------- */

int cli_tournament_set(int argc, char **argv)
{
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	const char *opt, *rules = NULL, *regs = NULL, *value;
	int rc = CLI_OK, got, rounds = 0;
	cli_argv it;
	if (!operand) {
		cli_error(CMD, "out of memory");
		return CLI_FAIL;
	}
	cli_argv_init(&it, argc, argv, operand);
	while ((opt = cli_next_option(&it)) && rc == CLI_OK) {
		if (cli_is_help(opt)) {
			cli_tournament_usage(stdout);
			rc = CLI_DONE;
			break;
		}
		if ((got = cli_option_value(&it, CMD, "--rules", &rules)) != 0 ||
		    (got = cli_option_value(&it, CMD, "--regulations", &regs)) != 0)
			rc = got < 0 ? CLI_USAGE : CLI_OK;
		else if ((got = cli_option_value(&it, CMD, "--rounds", &value)) != 0)
			rc = got < 0 || cli_tournament_parse_int("--rounds", value, 1,
								 ARB_TRF_ROUNDS_MAX, &rounds) ?
				     CLI_USAGE :
				     CLI_OK;
		else {
			cli_error(CMD, "set: unknown option '%s' (try 'arbiter help tournament')",
				  opt);
			rc = CLI_USAGE;
		}
	}
	if (rc == CLI_OK && (it.noperands != 1 || (!rules && !regs && !rounds))) {
		cli_error(CMD, "set: FILE.trf and --rules, --regulations or --rounds expected "
			       "(try 'arbiter help tournament')");
		rc = CLI_USAGE;
	}
	if (rc == CLI_OK && ((rules && cli_tournament_check_rules(rules)) ||
			     (regs && cli_tournament_check_regulations(regs))))
		rc = CLI_USAGE;
	arb_tournament *t = rc == CLI_OK ? load_for_change(operand[0], &rc) : NULL;
	arb_tournament_info in;
	if (t) {
		arb_tournament_get_info(t, &in);
		if (rounds && rounds < arb_tournament_rounds_played(t)) {
			cli_error(CMD, "set: --rounds %d: %d rounds are paired already", rounds,
				  arb_tournament_rounds_played(t));
			rc = CLI_FAIL;
		}
	}
	int old_rounds = t ? in.rounds : 0;
	if (rc == CLI_OK && rounds)
		in.rounds = rounds;
	if (rc == CLI_OK && ((rules && arb_tournament_set_note(t, "rules", rules) != ARB_OK) ||
			     (regs && arb_tournament_set_note(t, "regulations", regs) != ARB_OK) ||
			     (rounds && arb_tournament_set_info(t, &in) != ARB_OK))) {
		cli_error(CMD, "set: a value is too long, has a control character or memory "
			       "ran out");
		rc = CLI_FAIL;
	}
	if (rc == CLI_OK)
		rc = cli_tournament_save(t, 0, operand[0]);
	if (rc == CLI_OK) {
		if (rules)
			fprintf(stderr, "arbiter: %s: rule profile %s\n", operand[0], rules);
		if (regs)
			fprintf(stderr, "arbiter: %s: regulations %s\n", operand[0], regs);
		if (rounds)
			fprintf(stderr, "arbiter: %s: rounds %d (were %d)\n", operand[0], rounds,
				old_rounds);
	} else if (t) {
		fprintf(stderr, "arbiter: %s: not changed\n", operand[0]);
	}
	arb_tournament_free(t);
	free(operand);
	return rc == CLI_DONE ? CLI_OK : rc;
}
