/* reduce.h - the reduction and scan engines (ops layer).
 *
 * gpa_reduce: reduce any set of axes of any strided array into an output
 * array (keepdims or not), with an op of Note [Reduction spec]
 * (jit/reduce.h).  Layout analysis (reduce.c): drop length-1 axes, order
 * the kept and the reduced axes by stride and merge contiguous runs, then
 * pick the strategy (row: the reduced elements are the inner ones; column:
 * the outputs are; all-reduced: a row split over the whole device) and the
 * number of splits, run pass 1, and reduce the acc_t partials in further
 * passes.  gpa_scan (scan.c): an inclusive scan along one axis.
 */
#ifndef GPA_OPS_REDUCE_H
#define GPA_OPS_REDUCE_H

#include "array/array.h"
#include "jit/reduce.h"

/* Reduces `a` over the axes selected by mask (a->nd entries, 1 =
 * reduced) into out, whose shape is a's kept dims (out->nd == number of
 * kept axes) or a's shape with 1 for reduced axes (keepdims).  The caller
 * checked shapes and dtypes.  Returns 0 or -1 with an exception. */
/* Blocks per SM that the split row / column passes aim for on CUDA
 * (`_core._tune("red_row_blocks_per_sm" / "red_col_blocks_per_sm")`). */
extern int gpa_red_row_blocks_per_sm, gpa_red_col_blocks_per_sm;

int gpa_reduce(gpa_array *a, const char *mask, gpa_array *out,
               const gpa_red_spec *spec, double p0, double p1);

/* Inclusive scan of `a` along axis into out (a's shape). */
int gpa_scan(gpa_array *a, int axis, gpa_array *out,
             const gpa_red_spec *spec, double p0, double p1);

/* Fills spec from the Python op tuple (acc_t, acc_size, identity, map,
 * combine, finish, preamble) and the loop dtypes.  The strings borrow
 * from `op`, which must outlive the spec's use. */
int gpa_red_spec_from_py(PyObject *op, PyObject *in_loop, PyObject *out_loop,
                         const gpa_array *a, const gpa_array *out,
                         gpa_red_spec *spec);

#endif
