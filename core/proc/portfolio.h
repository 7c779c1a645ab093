/*
 * portfolio.h - a portfolio as an approach (docs/experiments.md,
 * Portfolios): its members (approach.h: nq_portfolio_members) run at the
 * same time on the run's instance, each in a process group of its own
 * inside the run's child, so inside the run's cgroup, clock and
 * timeout; the first answer that passes the checks one answer can be put
 * to alone (validate.h: a placement square by square, a count against
 * OEIS or the validator's own count, "none" on a plain board) wins, and
 * the other members are killed, group and all, and reaped before the
 * answer goes to the runner, so the run's CPU time holds every member's.
 * The winner is named in the run's note ("won by backtrack/dlx"); a
 * member whose answer failed a check never wins: the note says so and
 * the others go on.
 */
#ifndef NQ_PORTFOLIO_H
#define NQ_PORTFOLIO_H

#include "nq_plugin.h"

extern const nq_solver nq_solver_portfolio;

/* Add the portfolio to the registry's solvers, once, before any
 * experiment is read (cli/main.c): it runs processes, so it lives here,
 * above the registry's own table. */
void nq_portfolio_register(void);

#endif
