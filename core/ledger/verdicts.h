/*
 * verdicts.h - the ledger's API (ledger.c, ledger_settle.c,
 * ledger_parts.c): every answer given to every instance, and the verdict
 * on each; the checks of one answer it builds on are validate.h's. The
 * ledger owns what it returns (verdicts, notes, peer lists), valid until
 * the next add or settle.
 */
#ifndef NQ_VERDICTS_H
#define NQ_VERDICTS_H

#include <stddef.h>
#include <stdint.h>
#include "nq_plugin.h"
#include "status.h"

/*
 * The ledger: every answer given to every instance (n and hint set; mode
 * does not matter, a count of 0 and a claim of "none" are one fact), and
 * the verdict on each, which a later answer to the same instance may
 * change. Verdicts never depend on the order answers arrive in:
 *
 * 1. What is proved decides first. A placement is checked square by
 *    square (a valid one proves a placement exists, an invalid one is
 *    wrong); a count is held to OEIS A000170 (no hints, n <= 27) or to
 *    the validator's own count (nq_reference_count); known results (a
 *    placement exists for n = 1 and n >= 4); and plausibility rules that
 *    hold for every board (a count is even when the hints are symmetric
 *    under a mirror, unique <= total <= 8 x unique). An answer these
 *    contradict is `wrong`.
 * 2. An approach proved wrong on an instance loses its word there: its
 *    other answers to that instance are no evidence. They confirm no
 *    other answer and prove none wrong (a right answer is never `wrong`
 *    for differing from one), and they are not `ok` by default: one is
 *    `ok` only where an approach that kept its word agrees and none
 *    differs, `disputed` otherwise (the note says its word is lost).
 * 3. The answers nothing proved are held to each other. When all agree
 *    they are `ok`, `checked` says by how many other approaches that
 *    kept their word (or `none`, with a note, when nothing checked them);
 *    when any two differ, every answer that differs from another is
 *    `disputed`, and no answer wins by coming first or by a majority. An
 *    answer only a lost word differs from is `ok` where another approach
 *    confirms it, and `disputed` where nothing does.
 */
typedef struct nq_ledger nq_ledger;
nq_ledger *nq_ledger_new(void);
void nq_ledger_free(nq_ledger *l);

typedef struct nq_verdict {
	nq_status status;    /* NQ_ST_OK, NQ_ST_WRONG or NQ_ST_DISPUTED */
	const char *checked; /* oeis, counter, placement, known, plausible,
				agrees:K, none ("" before any settle):
				static text, or the ledger's (a pointer, not
				24 bytes, in each of a million claims) */
	const char *note;    /* why it is wrong or disputed, or a remark; ""
				when none. Owned by the ledger: valid until
				the next add or settle */
} nq_verdict;

/* Record one answer (res, from approach `who`) to `inst`; res->placement
 * is read now and not kept. Returns the answer's id (0, 1, 2, ... in the
 * order added), or -1 on no memory. The verdicts of this answer and of
 * every earlier answer to the same instance are brought up to date
 * (unless deferred, below). O(1) expected to find the instance, then
 * O(k log k) to settle its k answers. */
long nq_ledger_add(nq_ledger *l, const nq_instance *inst, const char *who,
		   const nq_result *res);

/* An answer read back from a results file: as nq_ledger_add, but a first-mode
 * placement (res->solutions == 1) is not in the file; `placement` says what the
 * validator found when it was measured: 1 valid (proves a placement exists),
 * -1 invalid (the answer is wrong; `why` is the old note), 0 not known (treat as
 * unchecked: it decides nothing about existence and is held to the others). */
long nq_ledger_add_recorded(nq_ledger *l, const nq_instance *inst,
			    const char *who, const nq_result *res,
			    int placement, const char *why);

/* Counts in parts (inst->parts >= 2, include/nq_plugin.h): one part's
 * count, by `who` in measured repeat `rep`. A part is no answer to the
 * whole board, so it is kept apart: the parts of (who, n, parts, rep)
 * form a group, and once every part is in, nq_ledger_close_parts adds
 * their sum (and the sum of their unique counts) as who's answer to the
 * whole board, held to A000170 and every other answer like any count.
 * Each part's verdict is then its sum's (checked as the sum was, the
 * note saying what the parts add up to); until then `ok`, checked
 * `none`, the note saying how many parts are missing (`disputed` once
 * a part's run ended without one: nq_ledger_part_unanswered); a part answered
 * twice in one group with two counts makes the whole group `disputed`
 * (nothing says which one is right). What proves a part wrong alone
 * decides before all of that, at once: a count or unique count above
 * the whole board's (A000170, A002562), a unique count above its own
 * count. Every part of its group is then `wrong`, and so is the sum (its
 * approach's word on the board lost), as it is when the unique counts
 * of the parts that gave one (others gave none, so the sum has none)
 * add up to more than A002562. Returns the claim id as nq_ledger_add,
 * or -1 on no memory. */
long nq_ledger_add_part(nq_ledger *l, const nq_instance *inst, const char *who,
			int rep, const nq_result *res);

/* A part's run that ended without an answer (crash, timeout, memout,
 * error, skipped: `st`): until an answer to that part arrives, the
 * group is incomplete, and nq_ledger_close_parts makes every part of it
 * `disputed` (checked `none`), the note naming the part that is missing
 * and why: an incomplete count never looks settled. 0, or -1 on no
 * memory. */
int nq_ledger_part_unanswered(nq_ledger *l, const nq_instance *inst,
			      const char *who, int rep, nq_status st);

/* Add the sums of the groups complete since the last call, settle, and
 * bring every part's verdict up to date. Call it once every answer is in
 * (again after more arrive). 0, or -1 on no memory. */
int nq_ledger_close_parts(nq_ledger *l);

/* Many answers at once (a resume, a merge): while deferred (on != 0),
 * nq_ledger_add records each answer and runs its own checks but settles
 * nothing, and the verdicts read meanwhile are unspecified.
 * nq_ledger_settle() settles every instance touched since, each once;
 * nq_ledger_defer(l, 0) ends deferral and settles. The verdicts are the
 * same as if every answer had been settled as it came. nq_ledger_settle
 * returns 0, or -1 on no memory (the verdicts it could not bring up to
 * date are retried by the next settle). */
void nq_ledger_defer(nq_ledger *l, int on);
int nq_ledger_settle(nq_ledger *l);

/* The current verdict on answer `id`; valid until the next add or
 * settle. */
const nq_verdict *nq_ledger_verdict(const nq_ledger *l, long id);

/* The note a run's row is written with (the CSV `note`): the verdict's,
 * and where the verdict is an `ok` nothing checked, the solver's own
 * remark before it ("won by backtrack/dlx; nothing checked this answer
 * (...)"): what the solver said of an answer that stands is kept. Where
 * the verdict has no note, the remark alone. Into out (len bytes, cut
 * to fit). */
void nq_verdict_row_note(const nq_verdict *v, const char *remark, char *out,
			 size_t len);

/* The solver's remark in the note of a row written `ok` with checked
 * `none` (nq_verdict_row_note made it): the note with the verdict's text
 * taken off, into buf; "" where the note is only the verdict's or not
 * one such a row is written with. */
const char *nq_verdict_remark_of(const char *row_note, char *buf,
				 size_t len);

/* The count (or, in first mode, 1 or 0) answer `id` gave. */
uint64_t nq_ledger_answer(const nq_ledger *l, long id);

/* The ids of the answers to the same instance as `id` (itself included),
 * in the order added; *count is set. Valid until the next add. A part
 * (nq_ledger_add_part) has none: *count is 0. */
const long *nq_ledger_peers(const nq_ledger *l, long id, size_t *count);

#endif
