/*
 * status.c -- names of status codes, the version string, and the one helper
 * that fills an arb_error for input errors.
 */
#include "position.h"

#include <stdio.h>
#include <string.h>

const char *arb_status_name(arb_status status)
{
	switch (status) {
	case ARB_OK: return "ARB_OK";
	case ARB_E_ARGUMENT: return "ARB_E_ARGUMENT";
	case ARB_E_NOMEM: return "ARB_E_NOMEM";
	case ARB_E_FEN_FIELDS: return "ARB_E_FEN_FIELDS";
	case ARB_E_FEN_PLACEMENT: return "ARB_E_FEN_PLACEMENT";
	case ARB_E_FEN_PIECE: return "ARB_E_FEN_PIECE";
	case ARB_E_FEN_KINGS: return "ARB_E_FEN_KINGS";
	case ARB_E_FEN_PAWNS: return "ARB_E_FEN_PAWNS";
	case ARB_E_FEN_SIDE: return "ARB_E_FEN_SIDE";
	case ARB_E_FEN_CHECK: return "ARB_E_FEN_CHECK";
	case ARB_E_FEN_CASTLING: return "ARB_E_FEN_CASTLING";
	case ARB_E_FEN_EP: return "ARB_E_FEN_EP";
	case ARB_E_FEN_CLOCK: return "ARB_E_FEN_CLOCK";
	case ARB_E_MOVE_SYNTAX: return "ARB_E_MOVE_SYNTAX";
	case ARB_E_MOVE_ILLEGAL: return "ARB_E_MOVE_ILLEGAL";
	case ARB_E_INVALID: return "ARB_E_INVALID";
	case ARB_E_MOVE_AMBIGUOUS: return "ARB_E_MOVE_AMBIGUOUS";
	case ARB_E_PGN: return "ARB_E_PGN";
	case ARB_E_EPD: return "ARB_E_EPD";
	case ARB_E_IO: return "ARB_E_IO";
	case ARB_E_TIME_CONTROL: return "ARB_E_TIME_CONTROL";
	case ARB_E_EVENT: return "ARB_E_EVENT";
	case ARB_E_PROFILE: return "ARB_E_PROFILE";
	}
	return "ARB_E_UNKNOWN";
}

const char *arb_version(void) { return ARB_VERSION_STRING; }

arb_status err_vreport(arb_error *err, arb_status code, int column, const char *prefix,
		       const char *fmt, va_list ap)
{
	char why[160];
	if (!err)
		return code;
	vsnprintf(why, sizeof why, fmt, ap);
	memset(err, 0, sizeof *err);
	err->code = code;
	err->column = column;
	if (prefix && *prefix)
		snprintf(err->message, sizeof err->message, "%.80s: %s", prefix, why);
	else
		snprintf(err->message, sizeof err->message, "%s", why);
	return code;
}
