/*
 * status.c -- names of status codes, the version string, the one helper
 * that fills an arb_error for input errors, the two ends of the misuse
 * checks (arbint.h) and the seconds of clock texts.
 */
#include "arbint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *arb_status_name(arb_status status)
{
	switch (status) {
	case ARB_OK:
		return "ARB_OK";
	case ARB_E_ARGUMENT:
		return "ARB_E_ARGUMENT";
	case ARB_E_NOMEM:
		return "ARB_E_NOMEM";
	case ARB_E_FEN_FIELDS:
		return "ARB_E_FEN_FIELDS";
	case ARB_E_FEN_PLACEMENT:
		return "ARB_E_FEN_PLACEMENT";
	case ARB_E_FEN_PIECE:
		return "ARB_E_FEN_PIECE";
	case ARB_E_FEN_KINGS:
		return "ARB_E_FEN_KINGS";
	case ARB_E_FEN_PAWNS:
		return "ARB_E_FEN_PAWNS";
	case ARB_E_FEN_SIDE:
		return "ARB_E_FEN_SIDE";
	case ARB_E_FEN_CHECK:
		return "ARB_E_FEN_CHECK";
	case ARB_E_FEN_CASTLING:
		return "ARB_E_FEN_CASTLING";
	case ARB_E_FEN_EP:
		return "ARB_E_FEN_EP";
	case ARB_E_FEN_CLOCK:
		return "ARB_E_FEN_CLOCK";
	case ARB_E_MOVE_SYNTAX:
		return "ARB_E_MOVE_SYNTAX";
	case ARB_E_MOVE_ILLEGAL:
		return "ARB_E_MOVE_ILLEGAL";
	case ARB_E_INVALID:
		return "ARB_E_INVALID";
	case ARB_E_MOVE_AMBIGUOUS:
		return "ARB_E_MOVE_AMBIGUOUS";
	case ARB_E_PGN:
		return "ARB_E_PGN";
	case ARB_E_EPD:
		return "ARB_E_EPD";
	case ARB_E_IO:
		return "ARB_E_IO";
	case ARB_E_TIME_CONTROL:
		return "ARB_E_TIME_CONTROL";
	case ARB_E_EVENT:
		return "ARB_E_EVENT";
	case ARB_E_PROFILE:
		return "ARB_E_PROFILE";
	case ARB_E_TRF:
		return "ARB_E_TRF";
	case ARB_E_PAIRING:
		return "ARB_E_PAIRING";
	case ARB_E_ENGINE:
		return "ARB_E_ENGINE";
	}
	return "ARB_E_UNKNOWN";
}

const char *arb_version(void)
{
	return ARB_VERSION_STRING;
}

arb_status arbI_err_vreport(arb_error *err, arb_status code, int column, const char *prefix,
			    const char *fmt, va_list ap)
{
	char why[160];
	if (!err)
		return code;
	memset(err, 0, sizeof *err);
	err->code = code;
	err->column = column;
	if (prefix && *prefix) {
		vsnprintf(why, sizeof why, fmt, ap);
		snprintf(err->message, sizeof err->message, "%.80s: %s", prefix, why);
	} else {
		vsnprintf(err->message, sizeof err->message, fmt, ap);
	}
	return code;
}

arb_status arbI_err_report(arb_error *err, arb_status code, int column, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arbI_err_vreport(err, code, column, NULL, fmt, ap);
	va_end(ap);
	return code;
}

void arbI_api_fail(const char *file, int line, const char *func, const char *cond)
{
	fprintf(stderr, "arbiter: misuse: %s:%d: %s: %s\n", file, line, func, cond);
	fflush(stderr);
	abort();
}

arb_status arbI_api_misuse(arb_error *err, const char *func, const char *cond)
{
	return arbI_err_report(err, ARB_E_ARGUMENT, 0, "%s: misuse: %s", func, cond);
}

/* snprintf that may cut its output on purpose (a caller's short buffer). */
static void put(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

void arbI_fmt_secs(char *buf, size_t n, long ms)
{
	long a = ms < 0 ? -ms : ms;
	if (a % 1000 == 0)
		put(buf, n, "%lds", a / 1000);
	else if (a % 100 == 0)
		put(buf, n, "%ld.%lds", a / 1000, (a % 1000) / 100);
	else
		put(buf, n, "%ld.%03lds", a / 1000, a % 1000);
}

const char *arbI_fmt_points(char *buf, size_t n, int tenths)
{
	int a = tenths < 0 ? -tenths : tenths;
	put(buf, n, "%s%d.%d", tenths < 0 ? "-" : "", a / 10, a % 10);
	return buf;
}
