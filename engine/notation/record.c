/*
 * record.c -- game records: tags, a start position and a tree of moves with
 * comments, NAGs and clock commands. See record.h for the memory layout.
 *
 * Tree: node 0 is the root. A node's `next` is the move that follows it on
 * its line; the other moves played from the same position hang off that
 * first continuation as `variation`, chained by `sibling`.
 */
#include "record.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Grows *p (elements of `size`) to hold `need`; 0 on no memory. */
static int grow(void *pp, int *cap, int need, size_t size)
{
	void **p = pp;
	if (need <= *cap)
		return 1;
	int n = *cap ? *cap : 16;
	while (n < need) {
		if (n > (1 << 28))
			return 0;
		n *= 2;
	}
	void *q = realloc(*p, (size_t)n * size);
	if (!q)
		return 0;
	*p = q;
	*cap = n;
	return 1;
}

static void init_root(arb_record *g)
{
	rec_node *root = &g->nodes[0];
	memset(root, 0, sizeof *root);
	root->move = ARB_MOVE_NONE;
	root->parent = root->next = root->variation = root->sibling = ARB_NO_NODE;
	root->comment = root->pre_comment = -1;
	for (int i = 0; i < 4; i++)
		root->clock[i] = ARB_NO_CLOCK;
	g->nnodes = 1;
}

arb_record *arb_record_new(void)
{
	arb_record *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	if (!grow(&g->nodes, &g->nodes_cap, 64, sizeof(rec_node))) {
		free(g);
		return NULL;
	}
	arb_record_clear(g);
	return g;
}

void arb_record_free(arb_record *g)
{
	if (!g)
		return;
	free(g->pool);
	free(g->tags);
	free(g->nodes);
	free(g->mainline);
	free(g->nags);
	free(g->warnings);
	free(g);
}

void arb_record_clear(arb_record *g)
{
	arbI_api_check_void(g);
	arb_position_set_start(&g->start); /* placed, not read from a FEN: once per game */
	g->pool_len = 0;
	g->ntags = 0;
	g->nmain = 0;
	g->nnags = 0;
	g->nwarnings = 0;
	init_root(g);
	memcpy(g->result, "*", 2);
}

const arb_position *arb_record_start(const arb_record *g)
{
	arbI_api_check(g, NULL);
	return &g->start;
}

arb_status arb_record_set_start(arb_record *g, const arb_position *pos)
{
	arbI_api_check(g && pos, ARB_E_ARGUMENT);
	if (g->nnodes > 1)
		return ARB_E_ARGUMENT;
	g->start = *pos;
	return ARB_OK;
}

/* Grows the pool to hold `need` bytes; 0 on no memory (or over 1 GiB). */
static int grow_pool(arb_record *g, size_t need)
{
	if (need > (size_t)1 << 30)
		return 0;
	if (need <= g->pool_cap)
		return 1;
	size_t cap = g->pool_cap ? g->pool_cap : 1024;
	while (cap < need)
		cap *= 2;
	char *q = realloc(g->pool, cap);
	if (!q)
		return 0;
	g->pool = q;
	g->pool_cap = cap;
	return 1;
}

/* Every array is grown to the source's size before anything is copied:
 * grow() keeps what an array holds, so a failure leaves dst as it was. */
arb_status arb_record_copy(arb_record *dst, const arb_record *src)
{
	arbI_api_check(dst && src, ARB_E_ARGUMENT);
	if (dst == src)
		return ARB_OK;
	int kept =
		src->nwarnings < ARB_RECORD_WARNINGS_MAX ? src->nwarnings : ARB_RECORD_WARNINGS_MAX;
	if (!grow_pool(dst, src->pool_len) ||
	    !grow(&dst->tags, &dst->tags_cap, 2 * src->ntags, sizeof(int)) ||
	    !grow(&dst->nodes, &dst->nodes_cap, src->nnodes, sizeof(rec_node)) ||
	    !grow(&dst->mainline, &dst->main_cap, src->nmain, sizeof(int)) ||
	    !grow(&dst->nags, &dst->nags_cap, src->nnags, 1) ||
	    !grow(&dst->warnings, &dst->warnings_cap, kept, sizeof(int)))
		return ARB_E_NOMEM;
	/* Strings are referred to by pool offset, so the pool is copied whole
	 * and every offset stays valid. */
	dst->start = src->start;
	if (src->pool_len)
		memcpy(dst->pool, src->pool, src->pool_len);
	dst->pool_len = src->pool_len;
	if (src->ntags)
		memcpy(dst->tags, src->tags, 2 * (size_t)src->ntags * sizeof(int));
	dst->ntags = src->ntags;
	memcpy(dst->nodes, src->nodes, (size_t)src->nnodes * sizeof(rec_node));
	dst->nnodes = src->nnodes;
	if (src->nmain)
		memcpy(dst->mainline, src->mainline, (size_t)src->nmain * sizeof(int));
	dst->nmain = src->nmain;
	if (src->nnags)
		memcpy(dst->nags, src->nags, (size_t)src->nnags);
	dst->nnags = src->nnags;
	if (kept)
		memcpy(dst->warnings, src->warnings, (size_t)kept * sizeof(int));
	dst->nwarnings = src->nwarnings;
	memcpy(dst->result, src->result, sizeof dst->result);
	return ARB_OK;
}

int arbI_rec_intern(arb_record *g, const char *s, size_t len)
{
	/* `s` may be one of the pool's own strings (a comment set from
	 * another): find it again after the pool moves. */
	uintptr_t at = (uintptr_t)s, base = (uintptr_t)g->pool;
	int inside = g->pool && at >= base && at < base + g->pool_len;
	size_t from = inside ? (size_t)(at - base) : 0;
	if (!grow_pool(g, g->pool_len + len + 1))
		return -1;
	if (inside)
		s = g->pool + from;
	int off = (int)g->pool_len;
	if (len)
		memcpy(g->pool + off, s, len);
	g->pool[off + len] = 0;
	g->pool_len += len + 1;
	return off;
}

/* ------------------------------------------------------------------------
 * Warnings of the reader
 * ---------------------------------------------------------------------- */

int arbI_rec_add_warning(arb_record *g, const char *text, size_t len)
{
	if (g->nwarnings >= ARB_RECORD_WARNINGS_MAX) {
		g->nwarnings++;
		return 1;
	}
	if (!grow(&g->warnings, &g->warnings_cap, g->nwarnings + 1, sizeof(int)))
		return 0;
	int off = arbI_rec_intern(g, text, len);
	if (off < 0)
		return 0;
	g->warnings[g->nwarnings++] = off;
	return 1;
}

int arb_record_warning_count(const arb_record *g)
{
	arbI_api_check(g, 0);
	return g->nwarnings;
}

const char *arb_record_warning(const arb_record *g, int i)
{
	arbI_api_check(g, NULL);
	int kept = g->nwarnings < ARB_RECORD_WARNINGS_MAX ? g->nwarnings : ARB_RECORD_WARNINGS_MAX;
	return i >= 0 && i < kept ? rec_str(g, g->warnings[i]) : NULL;
}

/* ------------------------------------------------------------------------
 * Tags and result
 * ---------------------------------------------------------------------- */

int arb_record_tag_count(const arb_record *g)
{
	arbI_api_check(g, 0);
	return g->ntags;
}

const char *arb_record_tag_name(const arb_record *g, int i)
{
	arbI_api_check(g, NULL);
	return i >= 0 && i < g->ntags ? rec_str(g, g->tags[2 * i]) : NULL;
}

const char *arb_record_tag_value(const arb_record *g, int i)
{
	arbI_api_check(g, NULL);
	return i >= 0 && i < g->ntags ? rec_str(g, g->tags[2 * i + 1]) : NULL;
}

/* The index of the tag `name`, or -1. The first bytes are compared before
 * the names (a reader sets a dozen tags a game, each looked for first). */
static int tag_index(const arb_record *g, const char *name)
{
	for (int i = 0; i < g->ntags; i++) {
		const char *t = rec_str(g, g->tags[2 * i]);
		if (t[0] == name[0] && strcmp(t, name) == 0)
			return i;
	}
	return -1;
}

const char *arb_record_tag(const arb_record *g, const char *name)
{
	arbI_api_check(g && name, NULL);
	int i = tag_index(g, name);
	return i < 0 ? NULL : rec_str(g, g->tags[2 * i + 1]);
}

arb_status arb_record_set_tag(arb_record *g, const char *name, const char *value)
{
	arbI_api_check(g && name && value, ARB_E_ARGUMENT);
	if (!*name)
		return ARB_E_ARGUMENT;
	int v = arbI_rec_intern(g, value, strlen(value));
	if (v < 0)
		return ARB_E_NOMEM;
	int i = tag_index(g, name);
	if (i >= 0) {
		g->tags[2 * i + 1] = v;
		return ARB_OK;
	}
	int n = arbI_rec_intern(g, name, strlen(name));
	if (n < 0 || !grow(&g->tags, &g->tags_cap, 2 * (g->ntags + 1), sizeof(int)))
		return ARB_E_NOMEM;
	g->tags[2 * g->ntags] = n;
	g->tags[2 * g->ntags + 1] = v;
	g->ntags++;
	return ARB_OK;
}

const char *arb_record_result(const arb_record *g)
{
	arbI_api_check(g, NULL);
	return g->result;
}

void arb_record_set_result(arb_record *g, const char *result)
{
	static const char *const valid[] = {"1-0", "0-1", "1/2-1/2", "*"};
	arbI_api_check_void(g);
	for (int i = 0; i < 4; i++)
		if (result && strcmp(result, valid[i]) == 0) {
			memcpy(g->result, valid[i], strlen(valid[i]) + 1);
			return;
		}
	memcpy(g->result, "*", 2);
}

/* ------------------------------------------------------------------------
 * Nodes
 * ---------------------------------------------------------------------- */

int arbI_rec_add_node(arb_record *g, int parent, arb_move move)
{
	if (!grow(&g->nodes, &g->nodes_cap, g->nnodes + 1, sizeof(rec_node)))
		return ARB_NO_NODE;
	int id = g->nnodes++;
	rec_node *n = &g->nodes[id];
	n->move = move;
	n->parent = parent;
	n->next = n->variation = n->sibling = ARB_NO_NODE;
	n->comment = n->pre_comment = -1;
	n->nag_first = n->nag_count = 0;
	for (int i = 0; i < 4; i++)
		n->clock[i] = ARB_NO_CLOCK;

	rec_node *p = &g->nodes[parent];
	if (p->next == ARB_NO_NODE) {
		p->next = id;
		int on_main = parent == 0 ? g->nmain == 0 :
					    g->nmain > 0 && g->mainline[g->nmain - 1] == parent;
		if (on_main) {
			if (!grow(&g->mainline, &g->main_cap, g->nmain + 1, sizeof(int))) {
				p->next = ARB_NO_NODE;
				g->nnodes--;
				return ARB_NO_NODE;
			}
			g->mainline[g->nmain++] = id;
		}
	} else {
		/* Another move from the same position: a variation of the first one. */
		rec_node *first = &g->nodes[p->next];
		if (first->variation == ARB_NO_NODE) {
			first->variation = id;
		} else {
			int v = first->variation;
			while (g->nodes[v].sibling != ARB_NO_NODE)
				v = g->nodes[v].sibling;
			g->nodes[v].sibling = id;
		}
	}
	return id;
}

int arbI_rec_add_nag(arb_record *g, int node, int nag)
{
	rec_node *n = &g->nodes[node];
	if (n->nag_count && n->nag_first + n->nag_count != g->nnags)
		return 1; /* NAGs of a node are contiguous; a late one is dropped */
	if (!grow(&g->nags, &g->nags_cap, g->nnags + 1, 1))
		return 0;
	if (!n->nag_count)
		n->nag_first = g->nnags;
	g->nags[g->nnags++] = (uint8_t)nag;
	n->nag_count++;
	return 1;
}

int arbI_rec_add_comment(arb_record *g, int node, const char *text, size_t len, int pre)
{
	int *slot = pre ? &g->nodes[node].pre_comment : &g->nodes[node].comment;
	int off;
	if (*slot >= 0 && len == 0)
		return 1; /* an empty comment adds nothing to one already there */
	if (*slot >= 0 && g->pool[*slot] == 0) {
		off = arbI_rec_intern(g, text, len); /* replaces an empty one */
	} else if (*slot >= 0) {
		/* Two comments in a row are kept as one, separated by a space. */
		size_t old = strlen(g->pool + *slot);
		char *joined = malloc(old + 1 + len);
		if (!joined)
			return 0;
		memcpy(joined, g->pool + *slot, old);
		joined[old] = ' ';
		memcpy(joined + old + 1, text, len);
		off = arbI_rec_intern(g, joined, old + 1 + len);
		free(joined);
	} else {
		off = arbI_rec_intern(g, text, len);
	}
	if (off < 0)
		return 0;
	*slot = off;
	if (!pre)
		arbI_rec_parse_clock_commands(g, node, text, len);
	return 1;
}

/* "H:MM:SS(.f*)" or "M:SS" or "S(.f)" into milliseconds; -1 if malformed. */
static long parse_duration(const char *s, size_t len)
{
	long parts[3] = {0, 0, 0}, ms = 0;
	int nparts = 0;
	size_t i = 0;
	if (len == 0)
		return -1;
	for (;;) {
		long v = 0;
		size_t start = i;
		while (i < len && s[i] >= '0' && s[i] <= '9' && i - start < 9)
			v = v * 10 + (s[i++] - '0');
		if (i == start || nparts == 3)
			return -1;
		parts[nparts++] = v;
		if (i < len && s[i] == ':') {
			i++;
			continue;
		}
		break;
	}
	if (i < len && s[i] == '.') {
		long scale = 100;
		i++;
		while (i < len && s[i] >= '0' && s[i] <= '9') {
			ms += (s[i++] - '0') * scale;
			scale /= 10;
		}
	}
	if (i != len)
		return -1;
	long secs = 0;
	for (int k = 0; k < nparts; k++)
		secs = secs * 60 + parts[k];
	return secs * 1000 + ms;
}

void arbI_rec_parse_clock_commands(arb_record *g, int node, const char *text, size_t len)
{
	static const char *const names[4] = {"clk", "emt", "egt", "mct"};
	for (size_t i = 0; i + 2 < len; i++) {
		if (text[i] != '[' || text[i + 1] != '%')
			continue;
		size_t j = i + 2, name = j;
		while (j < len && text[j] != ' ' && text[j] != ']')
			j++;
		for (int c = 0; c < 4; c++) {
			if (j - name != 3 || memcmp(text + name, names[c], 3) != 0)
				continue;
			size_t a = j;
			while (a < len && text[a] == ' ')
				a++;
			size_t b = a;
			while (b < len && text[b] != ']' && text[b] != ' ')
				b++;
			long ms = parse_duration(text + a, b - a);
			if (ms >= 0)
				g->nodes[node].clock[c] = ms;
		}
	}
}

static int valid_node(const arb_record *g, int node)
{
	return node >= 0 && node < g->nnodes;
}

int arb_record_node_count(const arb_record *g)
{
	arbI_api_check(g, 0);
	return g->nnodes;
}
int arb_record_node_next(const arb_record *g, int n)
{
	arbI_api_check(g, ARB_NO_NODE);
	return valid_node(g, n) ? g->nodes[n].next : ARB_NO_NODE;
}
int arb_record_node_variation(const arb_record *g, int n)
{
	arbI_api_check(g, ARB_NO_NODE);
	return valid_node(g, n) ? g->nodes[n].variation : ARB_NO_NODE;
}
int arb_record_node_sibling(const arb_record *g, int n)
{
	arbI_api_check(g, ARB_NO_NODE);
	return valid_node(g, n) ? g->nodes[n].sibling : ARB_NO_NODE;
}
int arb_record_node_parent(const arb_record *g, int n)
{
	arbI_api_check(g, ARB_NO_NODE);
	return valid_node(g, n) ? g->nodes[n].parent : ARB_NO_NODE;
}
arb_move arb_record_node_move(const arb_record *g, int n)
{
	arbI_api_check(g, ARB_MOVE_NONE);
	return valid_node(g, n) ? g->nodes[n].move : ARB_MOVE_NONE;
}

const char *arb_record_node_comment(const arb_record *g, int n)
{
	arbI_api_check(g, NULL);
	return valid_node(g, n) ? rec_str(g, g->nodes[n].comment) : NULL;
}

const char *arb_record_node_pre_comment(const arb_record *g, int n)
{
	arbI_api_check(g, NULL);
	return valid_node(g, n) ? rec_str(g, g->nodes[n].pre_comment) : NULL;
}

int arb_record_node_nag_count(const arb_record *g, int n)
{
	arbI_api_check(g, 0);
	return valid_node(g, n) ? g->nodes[n].nag_count : 0;
}

int arb_record_node_nag(const arb_record *g, int n, int i)
{
	arbI_api_check(g, 0);
	if (!valid_node(g, n) || i < 0 || i >= g->nodes[n].nag_count)
		return 0;
	return g->nags[g->nodes[n].nag_first + i];
}

long arb_record_node_clock(const arb_record *g, int n, arb_clock_cmd cmd)
{
	arbI_api_check(g, ARB_NO_CLOCK);
	arbI_api_check((int)cmd >= ARB_CMD_CLK && (int)cmd <= ARB_CMD_MCT, ARB_NO_CLOCK);
	if (!valid_node(g, n))
		return ARB_NO_CLOCK;
	return g->nodes[n].clock[cmd];
}

arb_status arb_record_set_comment(arb_record *g, int node, const char *text)
{
	arbI_api_check(g, ARB_E_ARGUMENT);
	if (!valid_node(g, node))
		return ARB_E_ARGUMENT;
	size_t len = text ? strlen(text) : 0;
	int off = -1;
	if (len > 0 && (off = arbI_rec_intern(g, text, len)) < 0)
		return ARB_E_NOMEM;
	rec_node *n = &g->nodes[node];
	n->comment = off; /* the old text stays in the pool until clear */
	/* A node's clocks are those its comment commands give. */
	for (int i = 0; i < 4; i++)
		n->clock[i] = ARB_NO_CLOCK;
	if (off >= 0)
		arbI_rec_parse_clock_commands(g, node, rec_str(g, off), len);
	return ARB_OK;
}

int arb_record_ply_count(const arb_record *g)
{
	arbI_api_check(g, 0);
	return g->nmain;
}

arb_move arb_record_move(const arb_record *g, int ply)
{
	arbI_api_check(g, ARB_MOVE_NONE);
	return ply >= 0 && ply < g->nmain ? g->nodes[g->mainline[ply]].move : ARB_MOVE_NONE;
}

int arb_record_mainline_node(const arb_record *g, int ply)
{
	arbI_api_check(g, ARB_NO_NODE);
	return ply >= 0 && ply < g->nmain ? g->mainline[ply] : ARB_NO_NODE;
}

arb_status arb_record_position_at(const arb_record *g, int node, arb_position *out)
{
	arbI_api_check(g && out, ARB_E_ARGUMENT);
	if (!valid_node(g, node))
		return ARB_E_ARGUMENT;
	int depth = 0;
	for (int n = node; n > 0; n = g->nodes[n].parent)
		depth++;
	int *path = malloc(sizeof(int) * (size_t)(depth ? depth : 1));
	if (!path)
		return ARB_E_NOMEM;
	int k = depth;
	for (int n = node; n > 0; n = g->nodes[n].parent)
		path[--k] = n;
	*out = g->start;
	for (int i = 0; i < depth; i++) {
		arb_undo u;
		arbI_pos_do_move(out, g->nodes[path[i]].move, &u);
	}
	free(path);
	return ARB_OK;
}

int arb_record_add_move(arb_record *g, int node, arb_move move)
{
	arb_position pos;
	arbI_api_check(g, ARB_NO_NODE);
	if (arb_record_position_at(g, node, &pos) != ARB_OK || !arb_position_is_legal(&pos, move))
		return ARB_NO_NODE;
	return arbI_rec_add_node(g, node, move);
}
