/*
 * solvers.h - the built-in solvers (each an nq_solver, see nq_plugin.h).
 */
#ifndef NQ_SOLVERS_H
#define NQ_SOLVERS_H

#include "host.h"	/* nq_now, the one clock */
#include "nq_plugin.h"

/* The CNF encoding of picosat and dimacs when none is given: one default
 * for both, so a CNF solver comparison compares solvers. commander: with
 * the column clauses the one encoding fastest or near it in all three
 * solvers measured (README, the encodings measured: PicoSAT n = 200 in
 * 5.4 s CPU, binary 3.7 s; MiniSat n = 500 7.7 s, binary 14.5 s;
 * CaDiCaL n = 500 10.9 s, binary 31 s). */
#define NQ_DEFAULT_CNF "commander"

extern const nq_solver nq_solver_backtrack; /* solvers/native/backtrack.c */
extern const nq_solver nq_solver_picosat;   /* solvers/library/picosat.c */
extern const nq_solver nq_solver_glpk;      /* solvers/library/glpk.c */
extern const nq_solver nq_solver_minconflicts; /* solvers/native/minconflicts.c */
extern const nq_solver nq_solver_construct; /* solvers/native/construct.c */
/* The local-search family on a queen per row (solvers/native/local/,
 * docs/local-search.md), and the load-time checks of the options they
 * take as text (numbers with a fraction). */
extern const nq_solver nq_solver_hillclimb, nq_solver_anneal,
	nq_solver_beam, nq_solver_genetic;
int nq_anneal_check(const nq_optval *opt, char *msg, size_t len);
int nq_genetic_check(const nq_optval *opt, char *msg, size_t len);

/* The versions of the libraries linked in for picosat and glpk, as the
 * libraries say them ("965", "5.0"), for the .meta (the registry's
 * nq_registry_library_at lists them with Z3's). */
const char *nq_picosat_library_version(void);
const char *nq_glpk_library_version(void);

/* A backend a built-in solver drives through its program (a MiniZinc
 * solver such as Gecode), as the program lists it, for the .meta. */
typedef struct nq_backend {
	char command[256];  /* the program, the option's first word */
	char given[128];    /* the backend as the option names it */
	char id[128];       /* what it picks: "org.gecode.gecode" */
	char name[128];     /* "Gecode" */
	char version[256];  /* "6.2.0", or "unknown (why)" */
} nq_backend;

/* Backtracking with forward checking and minimum remaining values
 * (solvers/native/mrv.c); first and count, hints, a clean stop at the limit. */
int nq_mrv(const nq_job *job, nq_result *res);

/* Knuth's Algorithm X with dancing links on the exact cover (solvers/
 * dlx.c); first and count, hints, blocked squares, excluded lines, a
 * clean stop at the limit; sets build_s and solve_s. */
int nq_dlx(const nq_job *job, nq_result *res);

/* Bit sets with propagation for the restricted boards (solvers/native/
 * prop.c): first and count, hints, blocked squares, excluded lines, a
 * clean stop at the limit; on `threads` threads (>= 1); n <= 64. */
int nq_prop(const nq_job *job, nq_result *res, int threads);
/* Knuth's estimate of the nodes nq_prop's whole search tries on `in`
 * (a count, or a first search where there is no placement; the walks
 * apart): the mean over `probes` random paths, and its standard error.
 * NQ_OK, NQ_ERR (n or probes out of range) or NQ_ENOMEM. bench/
 * treesize.sh prints it for instance files. */
int nq_prop_estimate(const nq_instance *in, long probes, uint64_t seed,
		     double *mean, double *se);

/* The explicit construction: placement[row] = col for n >= 4. */
void nq_construct(int n, int32_t *placement);

/* A count in parts (issue 13): each counter lists its work units in a
 * fixed order that depends on n alone (never on threads or the machine),
 * and part k of P counts the units i with i % P == k, each with the
 * symmetry weight it stands for, so the P parts' counts (and unique
 * counts) add up to the whole. The whole board is part 0 of 1. */
struct nq_part {
	int k, of;      /* 0 <= k < of */
};
#define NQ_WHOLE ((struct nq_part){ 0, 1 })

/* Counting (solvers/native/symmetry.c). `threads` >= 1. Return NQ_OK or NQ_ERR
 * when n is out of their range. */
/* Bit-parallel count split over threads; 2 <= n <= 64. */
int nq_count_plain(int n, int threads, struct nq_part part, uint64_t *total,
		   int64_t *nodes);
/* One representative per symmetry class; 6 <= n <= 64. Also gives the
 * number of classes (OEIS A002562). */
int nq_count_symmetry(int n, int threads, struct nq_part part,
		      uint64_t *total, uint64_t *unique, int64_t *nodes);
/* West and east halves counted apart and joined (solvers/native/split.c);
 * 1 <= n <= 32. NQ_ENOMEM when the halves' lists do not fit. */
int nq_count_split(int n, int threads, struct nq_part part, uint64_t *total,
		   int64_t *nodes);
/* For tests: the largest half width m (= n/2) at which split joins its
 * halves from the quadrant table (default 10, so even n <= 20); even n
 * above it searches its halves. 0 searches them at every n, so a test
 * reaches the path n > 20 takes on small boards. */
extern int nq_split_quads_max_m;
/* split's join (solvers/native/split_join.c): the pairs of east and west words
 * with no common diagonal bit. mirror < 0: every pair counts 1; else the
 * longest diagonals' rule (split.c, add_tasks_even) with this mirror
 * weight. *failed is set when memory ran out (the count is then short). */
uint64_t nq_split_join(const uint64_t *east, size_t ne, const uint64_t *west,
		       size_t nw, int m, int mirror, int *failed);
/* For tests: which of split's kernels run (the join's, and the pairing
 * of north and south words in split.c). -1 (default) the fastest the
 * processor has (AVX2, else popcnt, on x86-64); 0 the portable ones; 1
 * the join's popcnt kernel without AVX2 (where the processor has it),
 * the pairing's AVX2 one. */
extern int nq_split_fits;
/* For tests: how symmetry's last three rows are counted (symmetry.c).
 * -1 (default) by table where the processor has a fast pext (BMI2), else
 * by search; 0 by search; 1 by table wherever there is BMI2. */
extern int nq_symmetry_lut;
/* How many work units each counter splits a board of n into (so how
 * many parts are worth asking for); >= 1 inside the counter's range. */
long nq_units_plain(int n);
long nq_units_symmetry(int n);
long nq_units_split(int n);
/* Every placement against its eight images; 1 <= n <= 14 (slow). */
int nq_count_symmetry_brute(int n, uint64_t *total, uint64_t *unique);

/* Memory ran out where no error can be returned (inside a library's
 * allocator): in a run's child, nq_oom_hook (set by core/proc/runner.c) sends
 * the runner a `memout` message through its pipe and exits; elsewhere
 * (no hook) it prints "out of memory" and exits 1. An exit status is
 * never a verdict. */
extern void (*nq_oom_hook)(void);
void nq_oom(void) __attribute__((noreturn));

#endif
