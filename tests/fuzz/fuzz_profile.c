/*
 * fuzz_profile.c -- libFuzzer target for competition-rule profiles: a Lua
 * script loaded through the sandbox (lua/profile.h), its hooks run by games.
 *
 * Input: the script's text. A first line "--opts:TEXT" (a Lua comment, so
 * the script stays valid) gives options: the spec loaded is FILE{TEXT}.
 * profile.h has no entry point for a script given as text, so the input is
 * written to FILE = p.lua in a directory made once per process (removed at
 * exit). extend() finds the shipped profiles through the compiled-in path.
 *
 * Invariants, each trapping when violated (leaks and crashes are found by
 * the sanitizers, a budget that does not hold by -timeout):
 *  - a refused script gives ARB_E_PROFILE (ARB_E_NOMEM only when malloc
 *    fails) with a message naming the script (p.lua, or the shipped base
 *    it extends when that base refuses the options it was passed), unless
 *    options were given (the message may be about them): also a message
 *    the script chose (error({}), error("x", 0)) or a limit met inside a
 *    chunk it load()ed (regressions/profile-*); a spent budget is
 *    reported as "instruction limit of N exceeded", a refused
 *    allocation as "memory limit of N bytes exceeded", N the default
 *    limits of sandbox.h (smaller in the fuzz build: CMakeLists.txt);
 *  - a loaded profile has the spec as its rules' name and FILE as its
 *    file, and each of two fixed token logs (a mate, so on_end runs; and
 *    claims, offers, an illegal move, clocks and a flag) adjudicates with
 *    every event taken, refused as ARB_E_EVENT or failed in a hook as
 *    ARB_E_PROFILE with "profile hook on_move: ..." or "on_end" (which
 *    ends that log); the profile stays usable after a failed hook (the
 *    second log runs);
 *    every string of the result is terminated;
 *  - the text as a plain script in a small sandbox (fuzz_lua.h): the
 *    memory cap and the instruction budget hold and are reported.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arbiter.h"
#include "profile.h"

#define FUZZ_TARGET_FILE "fuzz_profile.c"
#include "fuzz_lua.h"

#define MAX_SCRIPT 65536
#define MAX_OPTIONS 256

static const char *const logs[] = {
	"e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7",
	"clock:600:600 e2e4 e7e5 g1f3 b8c6 f3g1 c6b8 g1f3 b8c6 f3g1 c6b8 "
	"claim:threefold:white ruling:reject offer:black decline:white "
	"illegal:white:e1e3 clock:90:600 claim:qpf:white ruling:reject "
	"g1f3 flagdown:black claim:time:white flag:black",
};

static char dir[64], file[96];

static void cleanup(void)
{
	if (file[0])
		unlink(file);
	if (dir[0])
		rmdir(dir);
}

/* The directory and file name, made once per process. */
static void setup(void)
{
	const char *tmp = getenv("TMPDIR");

	if (dir[0])
		return;
	if (!tmp || !tmp[0] || strlen(tmp) > 24)
		tmp = "/tmp";
	snprintf(dir, sizeof dir, "%s/arbfz-XXXXXX", tmp);
	if (!mkdtemp(dir)) {
		perror("fuzz_profile: mkdtemp");
		abort();
	}
	snprintf(file, sizeof file, "%s/p.lua", dir);
	atexit(cleanup);
}

static void write_script(const uint8_t *data, size_t size)
{
	FILE *f = fopen(file, "wb");

	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		perror("fuzz_profile: writing the script");
		abort();
	}
}

static int terminated(const char *s, size_t n)
{
	return memchr(s, '\0', n) != NULL;
}

static void play(const arb_rules *rules, const char *log, const char *text, size_t len)
{
	char buf[512];
	arb_game *g = arb_game_new(rules, NULL, NULL);

	if (!g)
		return;
	snprintf(buf, sizeof buf, "%s", log);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
		arb_event ev;
		arb_error err;
		arb_status st;

		CHECK(arb_event_parse(tok, strlen(tok), &ev, NULL) == ARB_OK);
		memset(&err, 0, sizeof err);
		st = arb_game_event(g, &ev, &err);
		CHECK(st == ARB_OK || st == ARB_E_EVENT || st == ARB_E_PROFILE);
		if (st == ARB_E_PROFILE) {
			CHECK(terminated(err.message, sizeof err.message));
			CHECK(strncmp(err.message, "profile hook on_move: ", 22) == 0 ||
			      strncmp(err.message, "profile hook on_end: ", 21) == 0);
			CHECK(err.message[21] != '\0');
			check_default_limits(err.message, text, len);
			break; /* the same hook would fail again: one call is enough */
		}
	}
	arb_game_result r;
	arb_game_result_get(g, &r);
	CHECK(terminated(r.result, sizeof r.result) && terminated(r.board, sizeof r.board));
	CHECK(terminated(r.reason, sizeof r.reason) && terminated(r.detail, sizeof r.detail));
	CHECK(terminated(r.article, sizeof r.article));
	CHECK(terminated(r.points[0], sizeof r.points[0]) &&
	      terminated(r.points[1], sizeof r.points[1]));
	CHECK(r.neffects >= 0 && r.neffects <= 16);
	for (int i = 0; i < arb_game_decision_count(g); i++) {
		const arb_decision *d = arb_game_decision(g, i);
		CHECK(terminated(d->reason, sizeof d->reason) &&
		      terminated(d->detail, sizeof d->detail) &&
		      terminated(d->article, sizeof d->article));
	}
	arb_game_free(g);
}

/* The options of a first line "--opts:TEXT", or NULL. */
static const char *options(const uint8_t *data, size_t size, char *out, size_t n)
{
	const char *nl;
	size_t len;

	if (size < 7 || memcmp(data, "--opts:", 7) != 0)
		return NULL;
	nl = memchr(data, '\n', size);
	len = (nl ? (size_t)(nl - (const char *)data) : size) - 7;
	if (len >= n || memchr(data + 7, '\0', len))
		return NULL;
	memcpy(out, data + 7, len);
	out[len] = '\0';
	return out;
}

static void check_refused(const arb_error *err, const char *opts, const char *text, size_t len)
{
	CHECK(err->code == ARB_E_PROFILE || err->code == ARB_E_NOMEM);
	CHECK(err->message[0] != '\0' && terminated(err->message, sizeof err->message));
	/* The script named (or the base it extends, when the base refuses
	 * what it was given), or (options given) a complaint about them. */
	CHECK(strstr(err->message, ".lua") != NULL || opts != NULL);
	check_default_limits(err->message, text, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char opts[MAX_OPTIONS], spec[sizeof file + MAX_OPTIONS + 2];
	const char *o;
	arb_profile *p;
	arb_error err;

	if (size > MAX_SCRIPT)
		return 0;
	setup();
	write_script(data, size);
	o = options(data, size, opts, sizeof opts);
	if (o)
		snprintf(spec, sizeof spec, "%s{%s}", file, o);
	else
		snprintf(spec, sizeof spec, "%s", file);

	p = arb_profile_load(spec, NULL, &err);
	if (!p) {
		check_refused(&err, o, (const char *)data, size);
	} else {
		const arb_rules *rules = arb_profile_rules(p);
		CHECK(strcmp(arb_profile_file(p), file) == 0);
		CHECK(terminated(rules->name, sizeof rules->name));
		size_t n = strlen(spec), k = sizeof rules->name - 4;
		if (n < sizeof rules->name)
			CHECK(strcmp(rules->name, spec) == 0);
		else
			CHECK(strncmp(rules->name, spec, k) == 0 &&
			      strcmp(rules->name + k, "...") == 0);
		for (size_t i = 0; i < sizeof logs / sizeof *logs; i++)
			play(rules, logs[i], (const char *)data, size);
		arb_profile_free(p);
	}
	check_sandbox("p.lua", (const char *)data, size);
	return 0;
}
