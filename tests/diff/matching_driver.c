/*
 * matching_driver.c -- the pairing layer's maximum-weight matching
 * (engine/pairing/matching.h) on a graph read from standard input, for
 * matching_networkx.py, which compares it with networkx.
 *
 * Input: "N FLAGS" (FLAGS 1: maximum cardinality), then one edge a line,
 * "I J WEIGHT", the weight in hexadecimal. Output: "TOTAL CARDINALITY"
 * (the total in hexadecimal), then the N partners (-1: none) on one line.
 * Exit status 0; 1 with a message for bad input or an error of the
 * matching.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matching.h"

/* A hexadecimal weight; 0, or -1 if it is not one or does not fit. */
static int parse_hex(const char *text, arbI_weight *w)
{
	size_t len = strlen(text);
	arbI_weight_set_u64(w, 0);
	if (len == 0 || len > ARBI_WEIGHT_BITS / 4)
		return -1;
	for (size_t i = 0; i < len; i++) {
		int c = tolower((unsigned char)text[len - 1 - i]);
		int d = isdigit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
		if (d < 0)
			return -1;
		arbI_weight_set_bits(w, (int)(4 * i), 4, (uint64_t)d);
	}
	return 0;
}

int main(void)
{
	int n, flags;
	if (scanf("%d %d", &n, &flags) != 2) {
		fprintf(stderr, "matching_driver: no \"N FLAGS\" line\n");
		return 1;
	}
	arbI_graph *g;
	arb_error err;
	if (arbI_graph_new(n, &g, &err) != ARB_OK) {
		fprintf(stderr, "matching_driver: %s\n", err.message);
		return 1;
	}
	int i, j;
	char hex[512];
	while (scanf("%d %d %511s", &i, &j, hex) == 3) {
		arbI_weight w;
		if (parse_hex(hex, &w) != 0) {
			fprintf(stderr, "matching_driver: bad weight %s\n", hex);
			return 1;
		}
		if (arbI_graph_set_edge(g, i, j, &w, &err) != ARB_OK) {
			fprintf(stderr, "matching_driver: %s\n", err.message);
			return 1;
		}
	}
	int *mate = malloc((size_t)(n ? n : 1) * sizeof *mate);
	arbI_weight total;
	arb_status st = mate ? arbI_graph_match(g, flags, mate, &total, &err) : ARB_E_NOMEM;
	if (st != ARB_OK) {
		fprintf(stderr, "matching_driver: %s\n",
			st == ARB_E_ARGUMENT ? err.message : arb_status_name(st));
		return 1;
	}
	int card = 0;
	for (int v = 0; v < n; v++)
		card += mate[v] > v;
	char out[ARBI_WEIGHT_HEX_SIZE];
	printf("%s %d\n", arbI_weight_to_hex(&total, out, sizeof out), card);
	for (int v = 0; v < n; v++)
		printf("%d%c", mate[v], v + 1 < n ? ' ' : '\n');
	free(mate);
	arbI_graph_free(g);
	return 0;
}
