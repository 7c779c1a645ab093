/*
 * ledger_int.h - what ledger.c (the instances, names and answers) and
 * ledger_settle.c (the verdicts) share; not for callers, who have
 * verdicts.h.
 */
#ifndef NQ_LEDGER_INT_H
#define NQ_LEDGER_INT_H

#include <string.h>
#include "verdicts.h"
#include "validate.h"

/* What is known about one instance before any answer, and its answers. */
struct entry {
	int n;
	int nhints, nblocked;
	nq_square *hints;      /* the hints, then the blocked squares, each
				  sorted by row, then column */
	int ndiag, nanti;
	int *lines;            /* excluded diagonals, then antidiagonals,
				  each ascending; NULL when none */
	uint64_t hash;         /* of n, the hints, blocked squares, lines */
	int has_count;         /* count is proved (table or own count) */
	uint64_t count;
	const char *count_src; /* "oeis" or "counter" */
	const char *count_who; /* for messages */
	int exists;            /* -1 unknown, 0 none, 1 a placement exists */
	const char *exists_who;
	int even;              /* counts must be even (mirror symmetry) */
	int touched;           /* in l->touched, waiting to be settled */
	uint32_t id;           /* l->entries[id - 1] is this one */
	long *ids;             /* its answers */
	size_t nids, cap;
};

/* One answer: 64 bytes, the texts out of line (a resume of a million
 * rows holds a million of them). */
struct claim {
	char *own_why;         /* why (malloc'd), NULL unless proved wrong */
	uint64_t value;        /* the count; 0 for a claim of none */
	uint64_t unique;       /* NQ_UNIQUE_NA when not given */
	nq_verdict v;          /* v.note: static text, own_why, or owned */
	uint32_t entry;        /* l->entries[entry - 1]; 0 for a part */
	uint32_t who;          /* l->names[who] */
	uint32_t group;        /* l->groups[group], for a part */
	unsigned char mode : 1;      /* enum nq_mode */
	unsigned char placement : 1; /* a first-mode placement, checked */
	unsigned char exists : 1;    /* a placement read back, not known
					valid */
	unsigned char note_owned : 1; /* v.note is malloc'd, freed here */
	unsigned char part : 1;      /* a part's count (no entry): see
					group */
	unsigned char own : 2;       /* what proved it wrong on its own:
					nq_claim_own */
};

/* What proved claim c wrong on its own (checked as the CSV says it),
 * or NULL: one of three texts, kept in two bits. */
static inline const char *nq_claim_own(const struct claim *c)
{
	static const char *const own[] = { NULL, "oeis", "placement",
					   "plausible" };

	return own[c->own];
}

/* Set it: NULL, "oeis", "placement" or "plausible" (any other text is
 * taken for the last; the checks that prove an answer wrong alone have
 * no fourth word). */
static inline void nq_claim_set_own(struct claim *c, const char *what)
{
	c->own = !what ? 0 : !strcmp(what, "oeis") ? 1
		 : !strcmp(what, "placement") ? 2 : 3;
}

/* The parts of one count by one approach in one repeat (ledger_parts.c). */
struct part_group {
	uint32_t who;
	int n, parts, rep;
	int have;              /* parts answered */
	int clash;             /* a part answered twice, differently */
	int unique_na;         /* some part gave no unique count */
	int uparts;            /* parts that gave one (usum is theirs) */
	long bad;              /* a part proved wrong on its own (its claim),
				  or -1: the whole count is wrong */
	uint64_t sum, usum;
	uint64_t *value;       /* per part; UINT64_MAX: not answered */
	unsigned char *gone;   /* per part: its status + 1 where its run
				  ended without an answer and none came */
	int ngone;             /* parts gone; the group is incomplete */
	long sum_claim;        /* the sum's claim on the whole board, or -1 */
};

/* settle()'s view of one open answer, or of a run of them (below). */
struct item {
	uint64_t value;
	uint64_t unique;
	uint32_t who;
	uint32_t pos;          /* index in e->ids (the first, for a run) */
	uint32_t count;        /* answers in the run */
	unsigned char exists;  /* says only that a placement exists */
	unsigned char mode;
	unsigned char lost;    /* its approach lost its word here */
};

struct nq_ledger {
	struct entry **tab;    /* open addressing, at most half full */
	size_t tabcap, nentries;
	struct entry **entries; /* in the order made: a claim's `entry` */
	size_t entrycap;
	char **agrees;         /* "agrees:K" for K < nagrees, made once */
	size_t nagrees;
	char **names;          /* interned approach names */
	size_t nnames, namecap;
	uint32_t *nametab;     /* name id + 1, 0 empty */
	size_t nametabcap;
	struct claim *claims;
	size_t nclaims, cap;
	int deferred;
	struct entry **touched;
	size_t ntouched, touchcap;
	/* settle()'s scratch, kept from one call to the next */
	struct item *items;
	size_t itemcap;
	uint32_t *stamp;       /* per name: == tag marks it in a set */
	uint32_t tag;
	/* counts in parts (ledger_parts.c) */
	struct part_group *groups;
	size_t ngroups, groupcap;
	uint32_t *grouptab;    /* group index + 1, 0 empty; at most half full */
	size_t grouptabcap;
	/* a claim has held text of its own (a note or own_why): only then
	 * does nq_ledger_free walk the claims (a million of them took a
	 * third of a second to walk for nothing) */
	int owns;
};

/* Bring every verdict on e up to date: 0, or -1 on no memory (the
 * verdicts so far stand). */
int nq_settle_entry(nq_ledger *l, struct entry *e);

/* A new claim slot (l->claims[id], zeroed), or -1 on no memory. */
long nq_ledger_new_claim(nq_ledger *l);
/* The interned id of an approach's name, or -1 on no memory. */
long nq_ledger_intern(nq_ledger *l, const char *who);

/* The entry of claim c; NULL for a part. */
static inline struct entry *nq_claim_entry(const nq_ledger *l,
					   const struct claim *c)
{
	return c->entry ? l->entries[c->entry - 1] : NULL;
}

/* "agrees:K", the ledger's text (valid while it lives), or NULL on no
 * memory. */
const char *nq_ledger_agrees(nq_ledger *l, size_t k);

/* Free a claim's note if it owns it; the note is "" then. */
void nq_claim_note_free(struct claim *c);

#endif
