/*
 * regulation.c -- regulations (regulations/NAME.lua) loaded into an
 * arb_regulation (regulation.h) by profile.c's loader: this file is the
 * kind that tells the loader what a regulation's table holds (the field
 * table of engine/tournament/regulation.c) and how it is set.
 */
#include "regulation.h"

#include <stdio.h>
#include <string.h>

#include "profile_hooks.h"

static const char *reg_type_of(const char *name)
{
	arb_regulation_field f;

	for (int i = 0; arb_regulation_field_at(i, &f); i++)
		if (strcmp(f.name, name) == 0)
			switch (f.type) {
			case ARB_REG_ENUM:
				return "a word";
			case ARB_REG_INT:
				return "a whole number";
			case ARB_REG_BOOL:
				return "true or false";
			case ARB_REG_POINTS:
				return "points (a number, or a string such as \"1/2\")";
			default:
				return "a string";
			}
	return NULL;
}

static void reg_reset(void *target)
{
	arb_regulation_defaults(target);
}

static arb_status reg_set(void *target, const char *name, const char *value, arb_error *err)
{
	return arb_regulation_set(target, name, value, err);
}

static arb_status reg_check(const void *target, arb_error *err)
{
	return arb_regulation_check(target, err);
}

static const arbI_script_kind regulation_kind = {
	"regulation", "regulations", 0,       0,         1,
	reg_type_of,  reg_reset,     reg_set, reg_check, sizeof(arb_regulation),
};

arb_status arb_regulation_load_file(const char *spec, const char *path, arb_regulation *out,
				    char *file, size_t size, arb_error *err)
{
	arb_regulation reg;

	if (out == NULL) {
		if (err != NULL) {
			memset(err, 0, sizeof *err);
			err->code = ARB_E_ARGUMENT;
			snprintf(err->message, sizeof err->message, "no regulation to fill");
		}
		return ARB_E_ARGUMENT;
	}
	if (arbI_script_load(&regulation_kind, spec, path, &reg, file, size, err) != 0)
		return err != NULL ? err->code : ARB_E_PROFILE;
	size_t n = strlen(spec);
	if (n < sizeof reg.name)
		memcpy(reg.name, spec, n + 1);
	else
		snprintf(reg.name, sizeof reg.name, "%.*s...", (int)sizeof reg.name - 4, spec);
	*out = reg;
	return ARB_OK;
}

arb_status arb_regulation_load(const char *spec, const char *path, arb_regulation *out,
			       arb_error *err)
{
	return arb_regulation_load_file(spec, path, out, NULL, 0, err);
}

int arb_regulation_list(const char *path, void (*fn)(const char *name, const char *file, void *ctx),
			void *ctx)
{
	return arbI_script_list(&regulation_kind, path, fn, ctx);
}
