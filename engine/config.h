/*
 * config.h -- limits and build configuration of the engine, in one place.
 * Every value is #ifndef-overridable from the compiler command line, like
 * luaconf.h. Nothing here is mutable at run time.
 */
#ifndef ARB_CONFIG_H
#define ARB_CONFIG_H

/* Invariant checks (position_is_valid) after every move played through the
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

#endif
