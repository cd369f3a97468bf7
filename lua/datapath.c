/*
 * datapath.c -- the search path of profile and variant scripts (datapath.h).
 *
 * Compiled in (lua/CMakeLists.txt): ARBITER_SOURCE_DIR and
 * ARBITER_BINARY_DIR (the trees this was built from and in),
 * ARBITER_INSTALL_PREFIX (the configured prefix), and the install
 * directories relative to the prefix: ARBITER_INSTALL_DATADIR ("share"),
 * ARBITER_INSTALL_BINDIR, ARBITER_INSTALL_LIBDIR, ARBITER_INSTALL_LUADIR
 * (where the CLI, the libraries and the Lua module go).
 */
#define _GNU_SOURCE /* dladdr1, RTLD_DL_LINKMAP */
#include "datapath.h"

#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef ARBITER_INSTALL_DATADIR
#define ARBITER_INSTALL_DATADIR "share"
#endif

/* ------------------------------------------------------------------------
 * Where this code lives
 * ---------------------------------------------------------------------- */

/* The directory of the program or shared object holding this function, and
 * what it implies: built in the build tree, or the installed prefix. Found
 * once. */
static struct {
	int in_build_tree;
	char prefix_data[PATH_MAX]; /* PREFIX/share/arbiter found from the location, or "" */
	char rock_data[PATH_MAX];   /* PREFIX/share/lua/5.N/arbiter for a module in lib/lua/5.N */
	char configured_data[PATH_MAX];
} self;
static pthread_once_t self_once = PTHREAD_ONCE_INIT;

/* The real path of the file that holds this code, into out; 0 or -1. */
static int own_file(char out[PATH_MAX])
{
	Dl_info info;
	struct link_map *map = NULL;
	char link[PATH_MAX];
	const char *file;

	if (dladdr1((void *)own_file, &info, (void **)&map, RTLD_DL_LINKMAP) == 0)
		return -1;
	file = info.dli_fname;
	/* The main program has an empty name in the link map (and dladdr
	 * reports argv[0], which may be relative or a bare name on PATH). */
	if (map == NULL || map->l_name == NULL || map->l_name[0] == '\0') {
		ssize_t n = readlink("/proc/self/exe", link, sizeof link - 1);
		if (n <= 0)
			return -1;
		link[n] = '\0';
		file = link;
	}
	if (file == NULL || realpath(file, out) == NULL)
		return -1;
	return 0;
}

/* 1 if `dir` is `base` or lies under it. */
static int under(const char *dir, const char *base)
{
	size_t n = strlen(base);

	return n > 0 && strncmp(dir, base, n) == 0 && (dir[n] == '\0' || dir[n] == '/');
}

/* If `dir` ends with "/" + rel (a relative install directory), sets the
 * prefix's data directories and returns 1. A Lua module in lib/lua/5.N (a
 * LuaRocks tree) also looks in share/lua/5.N/arbiter, where the rockspec
 * puts the scripts. */
static int prefix_of(const char *dir, const char *rel)
{
	size_t n = strlen(dir), k = strlen(rel);
	int w;

	if (k == 0 || rel[0] == '/' || k >= n || dir[n - k - 1] != '/' ||
	    strcmp(dir + n - k, rel) != 0)
		return 0;
	w = snprintf(self.prefix_data, PATH_MAX, "%.*s/%s/arbiter", (int)(n - k - 1), dir,
		     ARBITER_INSTALL_DATADIR);
	if (w <= 0 || w >= PATH_MAX) {
		self.prefix_data[0] = '\0';
		return 0;
	}
	if (strncmp(rel, "lib/lua/", 8) == 0) {
		w = snprintf(self.rock_data, PATH_MAX, "%.*s/share/lua/%s/arbiter",
			     (int)(n - k - 1), dir, rel + 8);
		if (w <= 0 || w >= PATH_MAX)
			self.rock_data[0] = '\0';
	}
	return 1;
}

static void find_self(void)
{
	char file[PATH_MAX];

#if defined(ARBITER_INSTALL_PREFIX)
	snprintf(self.configured_data, sizeof self.configured_data, "%s/%s/arbiter",
		 ARBITER_INSTALL_PREFIX, ARBITER_INSTALL_DATADIR);
#endif
	if (own_file(file) != 0)
		return;
	char *slash = strrchr(file, '/');
	if (slash == NULL)
		return;
	*slash = '\0'; /* the directory */
#ifdef ARBITER_BINARY_DIR
	{
		char build[PATH_MAX];
		if (realpath(ARBITER_BINARY_DIR, build) != NULL && under(file, build)) {
			self.in_build_tree = 1;
			return;
		}
	}
#endif
	static const char *const rel[] = {
#ifdef ARBITER_INSTALL_LUADIR
		ARBITER_INSTALL_LUADIR,
#endif
#ifdef ARBITER_INSTALL_LIBDIR
		ARBITER_INSTALL_LIBDIR,
#endif
#ifdef ARBITER_INSTALL_BINDIR
		ARBITER_INSTALL_BINDIR,
#endif
		/* Also for code built without CMake (the rockspec's module). */
		"lib/lua/5.4", "lib/lua/5.1", "lib", "bin"};
	for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++)
		if (prefix_of(file, rel[i]))
			return;
}

const char *arbI_datapath_installed(void)
{
	pthread_once(&self_once, find_self);
	if (self.prefix_data[0] != '\0')
		return self.prefix_data;
	return self.configured_data[0] != '\0' ? self.configured_data : NULL;
}

/* ------------------------------------------------------------------------
 * The path
 * ---------------------------------------------------------------------- */

void arbI_datapath_free(arb_datapath *p)
{
	for (int i = 0; i < p->n; i++)
		free(p->dir[i]);
	free(p->dir);
	p->dir = NULL;
	p->n = 0;
}

/* Appends dir[0..len) (+ "/" sub when sub is not NULL) unless it is empty
 * or listed already. 0, or -1 when out of memory. */
static int add(arb_datapath *p, const char *dir, size_t len, const char *sub)
{
	size_t extra = sub != NULL ? strlen(sub) + 1 : 0;
	char **grown;
	char *s;

	if (len == 0)
		return 0;
	s = malloc(len + extra + 1);
	if (s == NULL)
		return -1;
	memcpy(s, dir, len);
	if (sub != NULL) {
		s[len] = '/';
		memcpy(s + len + 1, sub, extra - 1);
	}
	s[len + extra] = '\0';
	for (int i = 0; i < p->n; i++)
		if (strcmp(p->dir[i], s) == 0) {
			free(s);
			return 0;
		}
	grown = realloc(p->dir, (size_t)(p->n + 1) * sizeof *grown);
	if (grown == NULL) {
		free(s);
		return -1;
	}
	p->dir = grown;
	p->dir[p->n++] = s;
	return 0;
}

/* Adds each entry of a ':'-separated list: as it is when `self_too`, and
 * its `sub` directory when sub is not NULL. */
static int add_list(arb_datapath *p, const char *list, int self_too, const char *sub)
{
	const char *s = list;

	while (s != NULL && *s != '\0') {
		const char *colon = strchr(s, ':');
		size_t len = colon != NULL ? (size_t)(colon - s) : strlen(s);
		if ((self_too && add(p, s, len, NULL) != 0) ||
		    (sub != NULL && add(p, s, len, sub) != 0))
			return -1;
		s = colon != NULL ? colon + 1 : NULL;
	}
	return 0;
}

int arbI_datapath_build(arb_datapath *p, const char *kind, const char *given)
{
	int profiles = strcmp(kind, "profiles") == 0;

	p->dir = NULL;
	p->n = 0;
	pthread_once(&self_once, find_self);
	if (add_list(p, given, 1, NULL) != 0 ||
	    add_list(p, getenv("ARBITER_PATH"), profiles, kind) != 0)
		goto nomem;
#ifdef ARBITER_SOURCE_DIR
	if (self.in_build_tree && add(p, ARBITER_SOURCE_DIR, strlen(ARBITER_SOURCE_DIR), kind) != 0)
		goto nomem;
#endif
	if (self.prefix_data[0] != '\0' &&
	    add(p, self.prefix_data, strlen(self.prefix_data), kind) != 0)
		goto nomem;
	if (self.rock_data[0] != '\0' && add(p, self.rock_data, strlen(self.rock_data), kind) != 0)
		goto nomem;
	if (self.configured_data[0] != '\0' &&
	    add(p, self.configured_data, strlen(self.configured_data), kind) != 0)
		goto nomem;
	return 0;
nomem:
	arbI_datapath_free(p);
	return -1;
}

void arbI_datapath_describe(const arb_datapath *p, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	if (p->n == 0) {
		snprintf(buf, n, "an empty path");
		return;
	}
	for (int i = 0; i < p->n && used + 1 < n; i++) {
		int k = snprintf(buf + used, n - used, "%s%s", i ? ", " : "", p->dir[i]);
		if (k < 0)
			break;
		used += (size_t)k;
	}
}

/* ------------------------------------------------------------------------
 * Names and listing
 * ---------------------------------------------------------------------- */

int arbI_datapath_is_name(const char *s, size_t n)
{
	if (n == 0 || s[0] == '-')
		return 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '-'))
			return 0;
	}
	return 1;
}

typedef struct found {
	char *name, *file;
} found;

static int found_order(const void *a, const void *b)
{
	return strcmp(((const found *)a)->name, ((const found *)b)->name);
}

int arbI_datapath_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Adds the scripts of `dir` not listed yet. 0, or -1 when out of memory. */
static int list_dir(const char *dir, int (*valid)(const char *, size_t), found **list, int *n,
		    int *cap)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	if (d == NULL)
		return 0;
	while (rc == 0 && (e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		int seen = 0;
		if (len <= 4 || strcmp(e->d_name + len - 4, ".lua") != 0 ||
		    (valid != NULL && !valid(e->d_name, len - 4)))
			continue;
		for (int i = 0; i < *n && !seen; i++)
			seen = strlen((*list)[i].name) == len - 4 &&
			       memcmp((*list)[i].name, e->d_name, len - 4) == 0;
		if (seen)
			continue;
		if (*n == *cap) {
			int grown_cap = *cap ? *cap * 2 : 16;
			found *grown = realloc(*list, (size_t)grown_cap * sizeof *grown);
			if (grown == NULL) {
				rc = -1;
				break;
			}
			*list = grown;
			*cap = grown_cap;
		}
		found *f = &(*list)[*n];
		f->name = malloc(len - 3);
		f->file = malloc(strlen(dir) + len + 2);
		if (f->name == NULL || f->file == NULL) {
			free(f->name);
			free(f->file);
			rc = -1;
			break;
		}
		memcpy(f->name, e->d_name, len - 4);
		f->name[len - 4] = '\0';
		sprintf(f->file, "%s/%s", dir, e->d_name);
		if (!arbI_datapath_is_file(f->file)) {
			free(f->name);
			free(f->file);
			continue;
		}
		(*n)++;
	}
	closedir(d);
	return rc;
}

int arbI_datapath_list(const arb_datapath *p, int (*valid)(const char *name, size_t len),
		       void (*fn)(const char *name, const char *file, void *ctx), void *ctx)
{
	found *list = NULL;
	int n = 0, cap = 0, rc = 0;

	for (int i = 0; rc == 0 && i < p->n; i++)
		rc = list_dir(p->dir[i], valid, &list, &n, &cap);
	if (rc == 0) {
		qsort(list, (size_t)n, sizeof *list, found_order);
		for (int i = 0; fn != NULL && i < n; i++)
			fn(list[i].name, list[i].file, ctx);
	}
	for (int i = 0; i < n; i++) {
		free(list[i].name);
		free(list[i].file);
	}
	free(list);
	return rc == 0 ? n : -1;
}
