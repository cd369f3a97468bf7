/*
 * arbint.h -- the base layer's internal header: what every layer of the
 * engine may use and no program outside it sees.
 *
 * The engine is built in layers, one folder each (docs/architecture.md):
 * this folder's own files (status.c, config.h, arbint.h) are the floor;
 * core/ stands on it, chess960/ notation/ outcome/ and clock/ on core (clock
 * on the floor alone), rules/ on all of them. A layer's include path reaches
 * only its own folder and the ones below, and tests/layers checks the object
 * files' symbols against the same order.
 */
#ifndef ARBITER_ARBINT_H
#define ARBITER_ARBINT_H

#include <stdarg.h>
#include <stddef.h>

#include "arbiter.h"
#include "config.h"

/*
 * Misuse of the public API (arbiter.h, "Misuse"): a NULL object where the
 * contract wants one, an argument outside its range (a square outside 0..63,
 * a colour, wing or piece type that is none, a negative size or count). Each
 * ARB_API function checks its arguments at the top with these, and only
 * these:
 *   arbI_api_check(cond, ret)       returns ret, the answer the contract
 *                                   documents for misuse (0, -1, NULL, ...);
 *   arbI_api_check_void(cond)       for a function returning nothing;
 *   arbI_api_check_err(cond, err)   returns ARB_E_ARGUMENT, with err (when
 *                                   not NULL) saying which check failed.
 * In debug builds (no NDEBUG) a failed check is a bug of the caller: it is
 * reported on stderr ("arbiter: misuse: FILE:LINE: FUNCTION: COND") and the
 * program aborts. With NDEBUG the function returns its documented answer.
 * Input (a FEN, a move, a number read from a file) is never misuse: it is
 * an arb_status with an arb_error, in every build.
 */
#ifdef NDEBUG
#define arbI_api_check(cond, ret)     \
	do {                          \
		if (!(cond))          \
			return (ret); \
	} while (0)
#define arbI_api_check_void(cond) \
	do {                      \
		if (!(cond))      \
			return;   \
	} while (0)
#define arbI_api_check_err(cond, err)                                   \
	do {                                                            \
		if (!(cond))                                            \
			return arbI_api_misuse((err), __func__, #cond); \
	} while (0)
#else
#define arbI_api_check(cond, ret)                                           \
	do {                                                                \
		if (!(cond))                                                \
			arbI_api_fail(__FILE__, __LINE__, __func__, #cond); \
	} while (0)
#define arbI_api_check_void(cond) arbI_api_check(cond, 0)
#define arbI_api_check_err(cond, err) arbI_api_check(cond, 0)
#endif

/* The debug side of the checks: reports the failed condition and aborts. */
_Noreturn void arbI_api_fail(const char *file, int line, const char *func, const char *cond);
/* The release side of arbI_api_check_err: fills err (when not NULL) with
 * "FUNCTION: misuse: COND" and returns ARB_E_ARGUMENT. */
arb_status arbI_api_misuse(arb_error *err, const char *func, const char *cond);

/* Fills err (when not NULL) for an input error: code, column, and the
 * message "PREFIX: why" (just "why" without a prefix, which may then take
 * the whole message buffer). Returns code. */
arb_status arbI_err_vreport(arb_error *err, arb_status code, int column, const char *prefix,
			    const char *fmt, va_list ap);
/* arbI_err_vreport without a prefix, with the arguments in line. */
arb_status arbI_err_report(arb_error *err, arb_status code, int column, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* "white" / "black": the words of the event tokens, comment commands and
 * decision details. */
static inline const char *color_name(int c)
{
	return c == ARB_WHITE ? "white" : "black";
}

/* "120s", "45.5s", "0.250s" from milliseconds into buf[0..n) (no floating
 * point; the sign is dropped): clock effects and the seconds of event
 * tokens. */
void arbI_fmt_secs(char *buf, size_t n, long ms);

/* "11.5", "-0.5", "3.0" from tenths of a point into buf[0..n), which it
 * returns: TRF scores and the pairing's explanations. */
const char *arbI_fmt_points(char *buf, size_t n, int tenths);

#endif
