/*
 * config.h -- limits and build configuration, in one place: the engine's,
 * the Lua layer's and the command line's (lua/ and cli/ include this file
 * by its relative path; it holds macros only, no declarations). Every value
 * is #ifndef-overridable from the compiler command line, like luaconf.h and
 * SQLite's sqliteLimit.h, and each says why it is what it is. Nothing here
 * is mutable at run time. Constants that tune a search's schedule (not
 * what it may take) stay beside the search (engine/outcome/search.h).
 */
#ifndef ARB_CONFIG_H
#define ARB_CONFIG_H

/* Invariant checks (arbI_position_is_valid) after every move played through the
 * public API: on in debug builds (no NDEBUG) and sanitizer builds. Perft's
 * inner loop is checked only on request (ARB_PERFT_VALIDATE). */
#ifndef ARBITER_DEBUG_CHECKS
#ifdef NDEBUG
#define ARBITER_DEBUG_CHECKS 0
#else
#define ARBITER_DEBUG_CHECKS 1
#endif
#endif

/* Longest FEN input accepted, in bytes; longer input is rejected. */
#ifndef ARB_FEN_INPUT_MAX
#define ARB_FEN_INPUT_MAX 4096
#endif

/* Largest half-move clock and full-move number accepted in a FEN (nine
 * digits: a FEN the library writes always reads back). */
#ifndef ARB_CLOCK_MAX
#define ARB_CLOCK_MAX 999999999
#endif

/* PGN reading: the longest tag value or comment, the longest other token
 * (a move, a number, a NAG), and the deepest nesting of variations. A game
 * that goes past one is reported as an error and skipped; memory per game is
 * bounded by them. */
#ifndef ARB_PGN_TEXT_MAX
#define ARB_PGN_TEXT_MAX (1 << 20)
#endif
#ifndef ARB_PGN_TOKEN_MAX
#define ARB_PGN_TOKEN_MAX 255
#endif
#ifndef ARB_PGN_VARIATION_DEPTH_MAX
#define ARB_PGN_VARIATION_DEPTH_MAX 128
#endif

/* Deepest perft accepted (the recursion depth). */
#ifndef ARB_PERFT_MAX_DEPTH
#define ARB_PERFT_MAX_DEPTH 64
#endif

/* Slider attacks: PEXT where the compiler targets BMI2 (-march=native on a
 * CPU that has it), otherwise magic multiplication. ARB_USE_PEXT=0 forces
 * magics. */
#ifndef ARB_USE_PEXT
#if defined(__BMI2__)
#define ARB_USE_PEXT 1
#else
#define ARB_USE_PEXT 0
#endif
#endif

/* ---- time controls and the clock (engine/clock) --------------------------- */

/* The longest amount of time a control may name (ms): a year; any longer
 * amount is a typo, and every sum of a game's times stays far inside a long. */
#ifndef TC_MAX_MS
#define TC_MAX_MS 31536000000L
#endif
/* The most moves a period may count ("40/5400"): past any game played. */
#ifndef TC_MAX_MOVES
#define TC_MAX_MOVES 1000
#endif

/* ---- rule profiles (engine/rules) ------------------------------------------- */

/* A count of moves or occurrences a profile may set: at most this, so that
 * twice a move count (the plies of the half-move clock) is still an int. */
#ifndef ARB_RULES_COUNT_MAX
#define ARB_RULES_COUNT_MAX 1000000
#endif
/* Speed categories a profile's time.categories may name ("standard >= 60m,
 * rapid > 10m, blitz"), and the longest name with its NUL: the editions name
 * three or four, each a short word. */
#ifndef CAT_MAX
#define CAT_MAX 8
#endif
#ifndef CAT_NAME_SIZE
#define CAT_NAME_SIZE 16
#endif

/* ---- the checkmate analysis (engine/outcome) -------------------------------- */

/* The per-move dead-position test of adjudication (the static proofs after
 * each capture or pawn move, engine/rules/game.c): 0 leaves it out, only to
 * measure what it costs (a build with -DARB_ADJUDICATION_DEAD_STATIC=0,
 * timed beside a default one). */
#ifndef ARB_ADJUDICATION_DEAD_STATIC
#define ARB_ADJUDICATION_DEAD_STATIC 1
#endif
/* The search budget of the "can this side still mate" questions the
 * adjudicator asks (flags, illegal moves, resignations, dead positions):
 * 0 = the library default, ARB_ANALYSIS_DEFAULT_NODES. */
#ifndef ARB_ADJUDICATION_NODES
#define ARB_ADJUDICATION_NODES 0L
#endif
/* The helpmate search's transposition table at most 2^UW_TT_BITS entries
 * (16 bytes each: 4 MiB), grown from a small one as the nodes searched
 * call for it. */
#ifndef UW_TT_BITS
#define UW_TT_BITS 18
#endif
/* Abstract states the pawn-structure proof may visit at the root (a few
 * hundred bytes each); past them the proof gives up ("not proved"). */
#ifndef UW_ROOT_STATES
#define UW_ROOT_STATES 1024
#endif
/* US Chess 14E's forced-win search (14E2, 14E3): a mate in at most
 * FW_MAX_PLIES plies for the winner (a mate in 5, whoever is to move), in
 * at most FW_MAX_NODES nodes (or the caller's smaller budget). A search
 * that runs out counts as "no forced win". */
#ifndef FW_MAX_PLIES
#define FW_MAX_PLIES 10
#endif
#ifndef FW_MAX_NODES
#define FW_MAX_NODES 200000L
#endif

/* ---- pairing (engine/pairing) ---------------------------------------------- */

/* The width of the maximum-weight matching's weights (engine/pairing/
 * matching.h), in 64-bit words: 32 = 2,048 bits. The Dutch system (dutch.c)
 * encodes its criteria in one weight, most important in the highest bits,
 * each criterion a field wide enough for its largest sum over a round. The
 * revised rules' score criteria give every score group a sub-field of
 * log2(group size) bits, six times over: the reference rounds of
 * tests/data/tournaments/swiss (up to 150 players, 11 rounds) need up to
 * 300 bits, a 500-player open of 9 rounds up to 530 (round 8), a
 * 2,000-player one 563 in round 5 and 740 in round 8, about 50 more a
 * round. The 2017 rules' score criteria count pairing score differences
 * (A.8), a field of log2(players) + 1 bits per difference that can occur,
 * six times over: up to 1,146 bits on the reference rounds, 1,253 in round
 * 9 of a 500-player open, 1,511 in round 9 of a 2,000-player one. A round
 * that needs more is refused with the bits it needs (build with
 * -DARB_MATCH_WEIGHT_WORDS=N). The matching accepts weights below
 * 2^(64 x WORDS - 2) (its dual variables need the two top bits; in
 * maximum-cardinality mode it also needs room for (n/2 + 1) x the largest
 * weight). A graph and the Dutch system's tables store each weight in the
 * words of its round's layout only (n(n - 1)/2 of them: 64 MB for 2,000
 * players at 256 bits), and the matcher's inner loops work on the words in
 * use, so the width costs a round only the words it needs (and 8 x WORDS
 * bytes a vertex for the duals). */
#ifndef ARB_MATCH_WEIGHT_WORDS
#define ARB_MATCH_WEIGHT_WORDS 32
#endif
/* The most vertices a matching graph may have: past any tournament; its
 * weights alone are then 16 GiB at 1,024 bits. */
#ifndef ARB_MATCH_MAX_VERTICES
#define ARB_MATCH_MAX_VERTICES 16384
#endif

/* ---- the Lua layer (lua/) ------------------------------------------------------ */

/* Lua VM instructions one sandboxed call may execute (arb_sandbox_run,
 * _pcall, _expose): a profile's hooks take thousands; a runaway loop stops
 * within a second. */
#ifndef ARB_SANDBOX_DEFAULT_INSTRUCTIONS
#define ARB_SANDBOX_DEFAULT_INSTRUCTIONS 10000000L
#endif
/* Bytes the whole sandboxed state may hold: the libraries, the script, its
 * data (a profile needs well under 1 MiB). */
#ifndef ARB_SANDBOX_DEFAULT_MEMORY
#define ARB_SANDBOX_DEFAULT_MEMORY ((size_t)32 << 20)
#endif
/* The budget is checked every this many instructions, so a call is stopped
 * at most this many instructions after its budget is spent. */
#ifndef ARB_SANDBOX_HOOK_STEP
#define ARB_SANDBOX_HOOK_STEP 1000
#endif
/* Bytes allocated inside a call that count as one instruction of its
 * budget (so a loop that copies a large string each time is stopped as
 * surely as a loop that runs long). */
#ifndef ARB_SANDBOX_BYTES_PER_INSTRUCTION
#define ARB_SANDBOX_BYTES_PER_INSTRUCTION 64
#endif
/* How far (bytes) a call may grow the C stack through library functions
 * that call back into Lua, on LuaJIT, which sets no limit of its own (Lua
 * 5.4 stops at its LUAI_MAXCCALLS nested C calls). The host's stack needs
 * this much room beyond its own use, and some more. */
#ifndef ARB_SANDBOX_C_STACK
#define ARB_SANDBOX_C_STACK ((size_t)256 << 10)
#endif
/* Profiles extending profiles: the script loaded plus this many bases (the
 * editions chain three or four). */
#ifndef PROFILE_MAX_DEPTH
#define PROFILE_MAX_DEPTH 8
#endif
/* Options one script may be given, and may ask for. */
#ifndef PROFILE_MAX_OPTIONS
#define PROFILE_MAX_OPTIONS 32
#endif
/* Bytes of one script (the largest edition is a few KiB). */
#ifndef PROFILE_MAX_SCRIPT
#define PROFILE_MAX_SCRIPT ((long)1 << 20)
#endif
/* Fields (leaves) one returned table may have: the rules table has about
 * a hundred. */
#ifndef PROFILE_MAX_FIELDS
#define PROFILE_MAX_FIELDS 256
#endif
/* Room for a script's path. */
#ifndef PROFILE_PATH_MAX
#define PROFILE_PATH_MAX 4096
#endif
/* How many PGN errors a Lua PGN reader keeps for reader:errors() (more are
 * counted, not kept: a broken file must not grow without bound). */
#ifndef ARB_LUA_PGN_ERRORS_KEPT
#define ARB_LUA_PGN_ERRORS_KEPT 1000
#endif

/* ---- the command line (cli/) -------------------------------------------------- */

/* The deepest perft the command line accepts (depth 20 would run for years). */
#ifndef CLI_MAX_DEPTH
#define CLI_MAX_DEPTH 20
#endif
/* The largest --nodes of `analyse` (a search that large runs for hours). */
#ifndef CLI_ANALYSE_NODES_MAX
#define CLI_ANALYSE_NODES_MAX 1000000000000L
#endif
/* The issues `clock` keeps per game; more are counted, not listed. */
#ifndef CLI_CLOCK_ISSUES_MAX
#define CLI_CLOCK_ISSUES_MAX 64
#endif
/* The longest duration `clock simulate` accepts: a year, the engine's own
 * limit (TC_MAX_MS). */
#ifndef CLI_CLOCK_DURATION_MAX_S
#define CLI_CLOCK_DURATION_MAX_S 31536000L
#endif
/* Workers at most (--jobs). */
#ifndef CLI_JOBS_MAX
#define CLI_JOBS_MAX 256
#endif
/* Games in flight a worker (slots of the window), and in all at most. A
 * worker idles when the oldest game is still being handled and the rest of
 * the window is done: fewer slots, more idling (at 4 a worker, 2 workers
 * waited for work once in 6 games of `pgn check`, at 32 once in 50). A
 * slot costs about 20 KiB (two memory streams and the game's text). */
#ifndef CLI_JOBS_WINDOW
#define CLI_JOBS_WINDOW 32
#endif
#ifndef CLI_JOBS_SLOTS
#define CLI_JOBS_SLOTS 1024
#endif
/* Text of the games in flight at most (one game alone may be longer). */
#ifndef CLI_JOBS_BYTES
#define CLI_JOBS_BYTES (32u << 20)
#endif

#endif
