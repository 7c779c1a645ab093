/*
 * cnf.h - the host side of CNF encoders: builds a whole instance through
 * an encoder into any sink.
 */
#ifndef NQ_CNF_H
#define NQ_CNF_H

#include "nq_plugin.h"

/* Built-in encoders. */
extern const nq_cnf_encoder nq_cnf_pairwise;
extern const nq_cnf_encoder nq_cnf_sequential;
extern const nq_cnf_encoder nq_cnf_commander;
extern const nq_cnf_encoder nq_cnf_product;
extern const nq_cnf_encoder nq_cnf_binary;
extern const nq_cnf_encoder nq_cnf_bimander;
extern const nq_cnf_encoder nq_cnf_ladder;

/* Emit the instance: square variables, at-least-one per row, at-most-one
 * on every row, column and diagonal (through enc->amo), hints as unit
 * clauses; or enc->encode when the encoder has it. square_var has n*n
 * entries. Returns NQ_OK or what the encoder returned. */
int nq_cnf_build(const nq_instance *inst, const nq_cnf_encoder *enc,
		 const nq_cnf_sink *sink, int *square_var);

#endif
