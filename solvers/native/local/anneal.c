/*
 * anneal.c - the `anneal` approach: simulated annealing (Russell and
 * Norvig, AIMA 3rd ed., section 4.1.2, figure 4.5) on the
 * complete-state formulation of local.h.
 *
 * At time t = 0, 1, ... the temperature is T = schedule(t); at T = 0 (t
 * has reached `limit`) the search stops. A random successor is drawn;
 * it is taken when it lowers h, else with probability e^(-dh / T) (dh
 * the rise of h: AIMA's e^(dE / T) with value = -h). The search also
 * stops at a solution (h = 0), which AIMA's pseudocode leaves to the
 * caller. A step is a move taken; a successor refused is no step.
 *
 * Schedules: `exp`, T = t0 e^(-lam t) for t < limit (aima-python's
 * exp_schedule, k = 20, lam = 0.005, limit = 100); `geometric`, T = t0
 * alpha^t for t < limit (Kirkpatrick et al. 1983's cooling).
 */
#include <math.h>
#include <stdio.h>
#include "local.h"

enum { O_SCHEDULE, O_T0, O_LAM, O_ALPHA, O_LIMIT };

static const char *const schedules[] = { "exp", "geometric", NULL };

static const nq_option options[] = {
	{ "schedule", NQ_OPT_CHOICE, "exp", schedules, 0, 0,
	  "exp: T = t0 e^(-lam t); geometric: T = t0 alpha^t; both 0 from "
	  "t = limit on" },
	{ "t0", NQ_OPT_TEXT, "20", NULL, 0, 0,
	  "the starting temperature, a number above 0 (aima-python's "
	  "exp_schedule: k = 20)" },
	{ "lam", NQ_OPT_TEXT, "0.005", NULL, 0, 0,
	  "exp: the decay rate, a number above 0 (aima-python: 0.005)" },
	{ "alpha", NQ_OPT_TEXT, "0.95", NULL, 0, 0,
	  "geometric: the cooling factor per step, above 0 and below 1" },
	{ "limit", NQ_OPT_INT, "100", NULL, 0, 1000000000000LL,
	  "T = 0 from this step t on: the search stops (aima-python: 100)" },
	{ NULL, 0, NULL, NULL, 0, 0, NULL }
};

struct params {
	double t0, lam, alpha;
};

static int params(const nq_optval *opt, struct params *pa, char *msg,
		  size_t len)
{
	if (ls_parse_real("t0", opt[O_T0].str, 0, 1e300, 1, &pa->t0, msg,
			  len) ||
	    ls_parse_real("lam", opt[O_LAM].str, 0, 1e300, 1, &pa->lam, msg,
			  len) ||
	    ls_parse_real("alpha", opt[O_ALPHA].str, 0, 1, 1, &pa->alpha, msg,
			  len))
		return -1;
	if (pa->alpha >= 1) {
		snprintf(msg, len, "alpha: '%s' is not below 1 (the "
			 "temperature would never fall)", opt[O_ALPHA].str);
		return -1;
	}
	return 0;
}

int nq_anneal_check(const nq_optval *opt, char *msg, size_t len)
{
	struct params pa;

	return params(opt, &pa, msg, len);
}

static int anneal_solve(const nq_job *job, nq_result *res)
{
	const nq_optval *opt = job->opt;
	int geometric = opt[O_SCHEDULE].num == 1, rc;
	long long limit = opt[O_LIMIT].num, t;
	struct ls_run r;
	struct ls_state s = { 0 };
	struct params pa;
	char note[200];
	double temp;

	pa.t0 = pa.lam = pa.alpha = 0;
	rc = ls_begin(&r, job, res);
	if (rc == NQ_OK && ls_state_alloc(&s, job->inst->n))
		rc = NQ_ENOMEM;
	if (rc == NQ_OK && params(opt, &pa, note, sizeof note))
		rc = NQ_ERR; /* the load-time check makes this unreachable */
	if (rc != NQ_OK || r.p.none) {
		rc = ls_end(&r, NULL, rc, rc == NQ_ERR ? note : NULL);
		ls_state_free(&s);
		return rc;
	}
	ls_random_state(&r, &s);
	ls_tr_state(&r, &s);
	rc = NQ_EUNSOLVED;
	/* t from 0, as aima-python's simulated_annealing: `limit` moves
	 * are considered */
	for (t = 0; ; t++) {
		int row, col;
		int64_t h;

		if (s.h == 0) {
			rc = NQ_OK;
			break;
		}
		if (t >= limit || ls_late(&r, &rc))
			break;
		temp = geometric ? pa.t0 * pow(pa.alpha, (double)t)
				 : pa.t0 * exp(-pa.lam * (double)t);
		if (temp <= 0 || !ls_random_move(&r, &s, &row, &col))
			break;
		h = ls_h_after(&r.p, &s, row, col);
		if (h < s.h || ls_unit(&r.rng) < exp(-(double)(h - s.h) / temp)) {
			ls_move(&r.p, &s, row, col);
			r.steps++;
			ls_tr_move(&r, &s, row, col);
		}
	}
	if (rc == NQ_OK)
		ls_tr_solution(&r, &s);
	snprintf(note, sizeof note, "the schedule's limit: T = 0 at t = %lld, "
		 "h = %lld after %lld steps", t, (long long)s.h,
		 (long long)r.steps);
	rc = ls_end(&r, rc == NQ_OK ? &s : NULL, rc, note);
	ls_state_free(&s);
	return rc;
}

static int anneal_option_used(const nq_optval *opt, size_t i)
{
	if (i == O_LAM)
		return opt[O_SCHEDULE].num == 0;
	if (i == O_ALPHA)
		return opt[O_SCHEDULE].num == 1;
	return 1;
}

const nq_solver nq_solver_anneal = {
	NQ_ABI_VERSION, sizeof(nq_solver),
	"anneal",
	"simulated annealing on a queen per row, first mode, seeded "
	"(AIMA 4.1.2)",
	options, "schedule", ls_max_n, anneal_solve, anneal_option_used,
	NULL, NULL
};
