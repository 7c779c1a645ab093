/*
 * columns.c - see columns.h: the table's names and labels, by column id.
 */
#include <stddef.h>
#include "columns.h"

#define NAME_(id, name, label, kind, when, value) name,
static const char *const names[] = { NQ_COLUMNS(NAME_) NULL };
#define LABEL_(id, name, label, kind, when, value) label,
static const char *const labels[] = { NQ_COLUMNS(LABEL_) };

const char *const *nq_col_names(void)
{
	return names;
}

const char *nq_col_name(int id)
{
	return id >= 0 && id < NQ_COL__COUNT ? names[id] : "";
}

const char *nq_col_label(int id)
{
	if (id < 0 || id >= NQ_COL__COUNT)
		return "";
	return labels[id] ? labels[id] : names[id];
}
