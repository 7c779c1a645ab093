/*
 * report_json.h - `harness report --format json` (report_json.c): every
 * figure of the report as one JSON object, for notebooks.
 */
#ifndef NQ_REPORT_JSON_H
#define NQ_REPORT_JSON_H

#include "table.h"
#include "report_common.h"

/* The document for the report's context x (its cells, baseline, options)
 * from table t. 0, or -1 with err set (out of memory). */
int nq_report_json(const struct nq_report_ctx *x, const nq_table *t,
		   nq_error *err);

#endif
