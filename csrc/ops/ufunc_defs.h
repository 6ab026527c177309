/* ufunc_defs.h - the per-ufunc kernel body table (DESIGN.md decision 1;
 * STYLE.md habit 7: render from fixed skeletons plus tables).
 *
 * One entry per NumPy ufunc (by its __name__) and per non-ufunc elementwise
 * helper (leading underscore).  An entry holds C++ statements that the code
 * generator pastes into its kernel skeleton.
 *
 * Note [Body conventions]: in the generated kernel, for the resolved NumPy
 * loop (say 'ff->f' or 'fl->f'):
 *   - inputs are local variables in0, in1, ... of types in0_t, in1_t, ...,
 *     already converted to the loop's input types with gpa_cast;
 *   - outputs are local variables out0, out1 of types out0_t, out1_t that
 *     the body must assign (the skeleton converts them for storing);
 *   - the types are named bool, gpa_i8 .. gpa_u64, gpa_half, float, double,
 *     gpa_c64, gpa_c128, and the prelude (csrc/jit/prelude_*.cuh) is in
 *     scope.
 * Bodies are chosen by the type char of the loop's FIRST input; most bodies
 * call an overloaded gpa_<name>() and so serve every loop.
 */
#ifndef GPA_UFUNC_DEFS_H
#define GPA_UFUNC_DEFS_H

#include <stddef.h>

typedef struct {
    const char *kinds;  /* NumPy type chars of the loop's FIRST INPUT this body serves,
                           e.g. "?" bool, "bBhHiIlLqQ" ints, "e" half, "fd" float, "FD" complex; "" = any */
    const char *body;   /* C++ statements; see Note [Body conventions] */
} gpa_ufunc_body;

typedef struct {
    const char *name;          /* NumPy's ufunc name, e.g. "add", "divide" */
    int nin, nout;
    gpa_ufunc_body bodies[6];  /* first whose kinds contains the char wins; ends at body == NULL */
} gpa_ufunc_def;

extern const gpa_ufunc_def gpa_ufunc_defs[];
extern const int gpa_ufunc_ndefs;

/* The entry for NumPy ufunc `name` (its __name__, or one of NumPy's alias
 * names such as "abs", "true_divide", "bitwise_not", "acos", "pow"), or NULL. */
const gpa_ufunc_def *gpa_ufunc_def_find(const char *name);

/* The body of `def` for a loop whose first input has NumPy type char
 * `typechar`, or NULL when no body serves it. */
const char *gpa_ufunc_def_body(const gpa_ufunc_def *def, char typechar);

#endif
