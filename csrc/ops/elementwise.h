/* elementwise.h - running one elementwise kernel over arrays.
 *
 * The engine every elementwise operation goes through (ufuncs, copies,
 * casts, fills, where, user ElementwiseKernels): it checks devices,
 * broadcasts inputs to the outputs' shape, copies inputs that partly
 * overlap an output (so `a[1:] += a[:-1]` gives NumPy's answer), orders
 * and merges dimensions, picks the contiguous or strided kernel and the
 * index width, and launches.
 */
#ifndef GPA_ELEMENTWISE_H
#define GPA_ELEMENTWISE_H

#include "array/array.h"
#include "jit/ew.h"

typedef struct {
    gpa_array *arr;     /* borrowed; NULL for a scalar input */
    int loop_type;      /* NumPy type number the body sees */
    /* scalar inputs: the value, already in loop_type's representation */
    union {
        char bytes[16];
        double align_;
    } value;
} gpa_ew_operand;

/* Runs `body` for every element of the outputs.  ops[0..nin) are the
 * inputs, ops[nin..nin+nout) the outputs (arrays of one shape, already
 * allocated).  Inputs broadcast to that shape (ValueError "could not
 * broadcast input array from shape (3,) into shape (2,2)" otherwise).
 * Returns 0, or -1 with an exception. */
int gpa_ew_run(const char *body, const char *preamble, int nin, int nout,
               gpa_ew_operand *ops);
/* The same for a masked body: one that may set `gpa_skip = true;` to
 * leave an element's outputs unwritten (where=). */
int gpa_ew_run_masked(const char *body, const char *preamble, int nin,
                      int nout, gpa_ew_operand *ops);

/* Writes a Python/NumPy scalar as NumPy's setitem would store it into a
 * value of type_num (16 bytes at most): Python ints that don't fit raise
 * OverflowError (NumPy 2's rule for weak scalars). */
int gpa_scalar_to_value(PyObject *obj, int type_num, void *out);

extern int gpa_ew_blocks_per_sm;

#endif
