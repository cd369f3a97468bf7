/*
 * epd.c -- EPD records (PGN standard 16.2): the four FEN fields and a list
 * of operations "opcode operand ...;". Also reads the perft-suite form
 * "FEN ;D1 20 ;D2 400" with or without the two clock fields.
 */
#include "position.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EPD_OPS_MAX = 256, EPD_OPERANDS_MAX = 256, EPD_OPCODE_MAX = 15 };

typedef struct epd_op {
	char *name;
	char **operands;
	int count;
} epd_op;

struct arb_epd {
	arb_position pos;
	epd_op *ops;
	int nops, cap;
};

arb_epd *arb_epd_new(void)
{
	arb_epd *e = calloc(1, sizeof *e);
	if (e)
		arb_position_set_start(&e->pos);
	return e;
}

static void free_op(epd_op *op)
{
	for (int j = 0; j < op->count; j++)
		free(op->operands[j]);
	free(op->operands);
	free(op->name);
}

void arb_epd_clear_ops(arb_epd *e)
{
	arbI_api_check_void(e);
	for (int i = 0; i < e->nops; i++)
		free_op(&e->ops[i]);
	e->nops = 0;
}

void arb_epd_free(arb_epd *e)
{
	if (!e)
		return;
	arb_epd_clear_ops(e);
	free(e->ops);
	free(e);
}

const arb_position *arb_epd_position(const arb_epd *e)
{
	arbI_api_check(e, NULL);
	return &e->pos;
}

arb_status arb_epd_set_position(arb_epd *e, const arb_position *pos)
{
	arbI_api_check(e && pos, ARB_E_ARGUMENT);
	e->pos = *pos;
	return ARB_OK;
}

int arb_epd_op_count(const arb_epd *e)
{
	arbI_api_check(e, 0);
	return e->nops;
}
const char *arb_epd_op_name(const arb_epd *e, int i)
{
	arbI_api_check(e, NULL);
	return i >= 0 && i < e->nops ? e->ops[i].name : NULL;
}
int arb_epd_operand_count(const arb_epd *e, int i)
{
	arbI_api_check(e, 0);
	return i >= 0 && i < e->nops ? e->ops[i].count : 0;
}

const char *arb_epd_operand(const arb_epd *e, int i, int j)
{
	arbI_api_check(e, NULL);
	if (i < 0 || i >= e->nops || j < 0 || j >= e->ops[i].count)
		return NULL;
	return e->ops[i].operands[j];
}

int arb_epd_find(const arb_epd *e, const char *name)
{
	arbI_api_check(e && name, -1);
	for (int i = 0; i < e->nops; i++)
		if (strcmp(e->ops[i].name, name) == 0)
			return i;
	return -1;
}

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = 0;
	}
	return d;
}

/* Appends an operation; takes ownership of nothing. 0 on no memory. */
static int add_op(arb_epd *e, const char *name, size_t name_len)
{
	if (e->nops == e->cap) {
		int cap = e->cap ? e->cap * 2 : 8;
		epd_op *q = realloc(e->ops, sizeof *q * (size_t)cap);
		if (!q)
			return 0;
		e->ops = q;
		e->cap = cap;
	}
	epd_op *op = &e->ops[e->nops];
	memset(op, 0, sizeof *op);
	op->name = dup_n(name, name_len);
	if (!op->name)
		return 0;
	e->nops++;
	return 1;
}

static int add_operand(epd_op *op, const char *s, size_t n)
{
	char **q = realloc(op->operands, sizeof *q * (size_t)(op->count + 1));
	if (!q)
		return 0;
	op->operands = q;
	if (!(q[op->count] = dup_n(s, n)))
		return 0;
	op->count++;
	return 1;
}

static int valid_opcode(const char *s, size_t n)
{
	if (n == 0 || n > EPD_OPCODE_MAX || !isalpha((unsigned char)s[0]))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return 0;
	return 1;
}

arb_status arb_epd_set_op(arb_epd *e, const char *name, const char *const *operands)
{
	arbI_api_check(e && name, ARB_E_ARGUMENT);
	if (!valid_opcode(name, strlen(name)))
		return ARB_E_ARGUMENT;
	int i = arb_epd_find(e, name);
	if (i >= 0) {
		free_op(&e->ops[i]);
		memmove(&e->ops[i], &e->ops[i + 1], sizeof *e->ops * (size_t)(e->nops - i - 1));
		e->nops--;
	}
	if (!add_op(e, name, strlen(name)))
		return ARB_E_NOMEM;
	for (int j = 0; operands && operands[j]; j++)
		if (!add_operand(&e->ops[e->nops - 1], operands[j], strlen(operands[j])))
			return ARB_E_NOMEM;
	return ARB_OK;
}

static arb_status epd_fail(arb_error *err, int column, const char *fmt, ...)
{
	char prefix[32];
	va_list ap;
	snprintf(prefix, sizeof prefix, "EPD column %d", column);
	va_start(ap, fmt);
	arbI_err_vreport(err, ARB_E_EPD, column, prefix, fmt, ap);
	va_end(ap);
	return ARB_E_EPD;
}

static const char *field_label(int field)
{
	static const char *const names[] = {"placement",  "side to move",    "castling",
					    "en passant", "half-move clock", "full-move number"};
	return names[field - 1];
}

static int all_digits(const char *s, size_t n)
{
	if (n == 0 || n > 9)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

static const char *skip_ws(const char *s)
{
	while (*s && isspace((unsigned char)*s))
		s++;
	return s;
}

static const char *word_end(const char *s)
{
	while (*s && !isspace((unsigned char)*s) && *s != ';')
		s++;
	return s;
}

arb_status arb_epd_parse(arb_epd *e, const char *line, unsigned fen_flags, arb_error *err)
{
	char fen[ARB_FEN_INPUT_MAX + 16];
	const char *s = line;
	size_t k = 0;
	arb_status st;

	if (err)
		memset(err, 0, sizeof *err);
	arbI_api_check_err(e && line, err);
	if (strnlen(line, ARB_FEN_INPUT_MAX + 1) > ARB_FEN_INPUT_MAX)
		return epd_fail(err, 1, "record longer than %d bytes", ARB_FEN_INPUT_MAX);
	/* The four position fields (and where each starts, in the line and in
	 * the FEN built from them, to report FEN errors at the line's column). */
	int line_col[6], fen_col[6];
	for (int f = 0; f < 4; f++) {
		s = skip_ws(s);
		const char *end = word_end(s);
		if (end == s)
			return epd_fail(err, (int)(s - line) + 1,
					"expected 4 position fields, found %d", f);
		line_col[f] = (int)(s - line) + 1;
		fen_col[f] = (int)k + 1;
		memcpy(fen + k, s, (size_t)(end - s));
		k += (size_t)(end - s);
		fen[k++] = ' ';
		s = end;
	}
	/* Optional clocks (a full FEN, as perft suites write it). */
	const char *a = skip_ws(s), *a_end = word_end(a);
	const char *b = skip_ws(a_end), *b_end = word_end(b);
	int clocks = all_digits(a, (size_t)(a_end - a)) && all_digits(b, (size_t)(b_end - b));
	if (clocks) {
		line_col[4] = (int)(a - line) + 1;
		fen_col[4] = (int)k + 1;
		line_col[5] = (int)(b - line) + 1;
		fen_col[5] = (int)k + 1 + (int)(b - a);
		memcpy(fen + k, a, (size_t)(b_end - a));
		k += (size_t)(b_end - a);
		s = b_end;
	} else {
		memcpy(fen + k, "0 1", 3);
		k += 3;
	}
	fen[k] = 0;
	arb_position pos;
	pos = e->pos;
	if ((st = arb_position_set_fen(&pos, fen, fen_flags, err)) != ARB_OK) {
		if (err && err->field >= 1 && err->field <= (clocks ? 6 : 4)) {
			int f = err->field - 1, column = err->column - fen_col[f] + line_col[f];
			char why[ARB_ERROR_MESSAGE_SIZE];
			const char *colon = strstr(err->message, ": ");
			snprintf(why, sizeof why, "%s", colon ? colon + 2 : err->message);
			err->column = column; /* the message names the column too */
			snprintf(err->message, sizeof err->message,
				 "field %d (%s), column %d: %.200s", err->field,
				 field_label(err->field), column, why);
		}
		return st;
	}

	arb_epd_clear_ops(e);
	/* Operations: opcode operands ';' (the last ';' may be missing). */
	for (;;) {
		s = skip_ws(s);
		if (*s == ';') {
			s++;
			continue;
		}
		if (!*s)
			break;
		const char *name = s, *end = word_end(s);
		if (!valid_opcode(name, (size_t)(end - name)))
			return epd_fail(err, (int)(name - line) + 1, "bad opcode '%.*s'",
					(int)(end - name > 20 ? 20 : end - name), name);
		if (e->nops >= EPD_OPS_MAX)
			return epd_fail(err, (int)(name - line) + 1, "more than %d operations",
					EPD_OPS_MAX);
		if (!add_op(e, name, (size_t)(end - name)))
			return ARB_E_NOMEM;
		epd_op *op = &e->ops[e->nops - 1];
		s = end;
		for (;;) {
			s = skip_ws(s);
			if (!*s || *s == ';')
				break;
			if (op->count >= EPD_OPERANDS_MAX)
				return epd_fail(err, (int)(s - line) + 1, "too many operands");
			if (*s == '"') {
				const char *q = strchr(s + 1, '"');
				if (!q)
					return epd_fail(err, (int)(s - line) + 1,
							"string not terminated");
				if (!add_operand(op, s + 1, (size_t)(q - s - 1)))
					return ARB_E_NOMEM;
				s = q + 1;
			} else {
				end = word_end(s);
				if (!add_operand(op, s, (size_t)(end - s)))
					return ARB_E_NOMEM;
				s = end;
			}
		}
	}
	/* hmvc / fmvn set the clocks (PGN standard 16.2.5). */
	int i;
	if ((i = arb_epd_find(e, "hmvc")) >= 0 && e->ops[i].count == 1 &&
	    all_digits(e->ops[i].operands[0], strlen(e->ops[i].operands[0])))
		pos.halfmove = (uint32_t)atol(e->ops[i].operands[0]);
	if ((i = arb_epd_find(e, "fmvn")) >= 0 && e->ops[i].count == 1 &&
	    all_digits(e->ops[i].operands[0], strlen(e->ops[i].operands[0])) &&
	    atol(e->ops[i].operands[0]) >= 1)
		pos.fullmove = (int)atol(e->ops[i].operands[0]);
	e->pos = pos;
	return ARB_OK;
}

int arb_epd_moves(const arb_epd *e, int i, arb_move *out, int max, arb_error *err)
{
	arbI_api_check(e && max >= 0 && (out || max == 0), -1);
	if (i < 0 || i >= e->nops)
		return 0;
	int n = 0;
	for (int j = 0; j < e->ops[i].count && n < max; j++) {
		const char *t = e->ops[i].operands[j];
		if (arb_move_from_san(&e->pos, t, strlen(t), 0, &out[n], err) != ARB_OK)
			return -1;
		n++;
	}
	return n;
}

static int needs_quotes(const char *s)
{
	return !*s || strpbrk(s, " \t\r\n\v\f;") != NULL;
}

size_t arb_epd_to_string(const arb_epd *e, char *buf, size_t n, unsigned fen_flags)
{
	char fen[ARB_FEN_MAX];
	size_t k = 0;
	arbI_api_check(e && (buf || !n), 0);
	arb_position_to_fen(&e->pos, fen, sizeof fen, fen_flags);
	/* Keep the four position fields. */
	char *p = fen;
	for (int spaces = 0; *p; p++)
		if (*p == ' ' && ++spaces == 4)
			break;
	*p = 0;
#define EMIT(s, len)                                                         \
	do {                                                                 \
		size_t l_ = (len);                                           \
		if (n && k < n - 1)                                          \
			memcpy(buf + k, s, k + l_ < n - 1 ? l_ : n - 1 - k); \
		k += l_;                                                     \
	} while (0)
	EMIT(fen, strlen(fen));
	for (int i = 0; i < e->nops; i++) {
		EMIT(" ", 1);
		EMIT(e->ops[i].name, strlen(e->ops[i].name));
		for (int j = 0; j < e->ops[i].count; j++) {
			const char *o = e->ops[i].operands[j];
			int q = needs_quotes(o);
			EMIT(" ", 1);
			if (q)
				EMIT("\"", 1);
			EMIT(o, strlen(o));
			if (q)
				EMIT("\"", 1);
		}
		EMIT(";", 1);
	}
#undef EMIT
	if (n)
		buf[k < n ? k : n - 1] = 0;
	return k;
}
