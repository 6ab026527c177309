/* reduction_defs.h - the built-in reduction and scan ops, as a C table
 * beside the ufunc body table (ufunc_defs.h; STYLE.md habit 7).
 *
 * Note [Reduction op table]: Python names an op by a short descriptor,
 * (name, type char) -- ("sum", "d"), ("nanargmax", "f"), ("var", "F"),
 * ("scan:maximum", "l") -- and the engine looks the four expressions of
 * Note [Reduction spec] (jit/reduce.h) up here, built once per (name,
 * type) and kept for the life of the process (a bounded table), so no
 * expression text is formatted or parsed per call.  The type char means:
 *   sum/nansum/prod/nanprod, scan:*   the accumulator's type;
 *   all/any/xor, bounds               ignored ("");
 *   maximum/minimum/fmax/fmin,
 *   argmax/argmin/nanargmax/nanargmin the input's type ('.pick' after an
 *                                     arg name: the pair tree instead of
 *                                     the ordered fold);
 *   var/nanvar                        the moment's type: f/d real, F/D
 *                                     complex (parts of float/double).
 * User ops (ReductionKernel) still pass the full expression tuple. */
#ifndef GPA_REDUCTION_DEFS_H
#define GPA_REDUCTION_DEFS_H

#include "jit/reduce.h"

/* Fills the op part of s (acc_t .. accumulate, acc_size) for the built-in
 * op `name` of type char `t`.  The strings are owned by the table.
 * Returns 0, or -1 with ValueError set for an unknown name or type. */
int gpa_red_builtin(const char *name, char t, gpa_red_spec *s);

#endif
