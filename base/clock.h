/*
 * clock.h - the monotonic clock the solvers' phase times and the
 * exporters' deadlines read (clock.c).
 */
#ifndef NQ_CLOCK_H
#define NQ_CLOCK_H

/* Seconds since an arbitrary start, monotonic; for phase times. */
double nq_now(void);

#endif
