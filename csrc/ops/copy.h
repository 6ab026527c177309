/* copy.h - copies, casts and fills, each one elementwise kernel. */
#ifndef GPA_COPY_H
#define GPA_COPY_H

#include "array/array.h"

/* New array holding a's values cast to `descr` (steals; NULL keeps a's
 * dtype), laid out in `order`: 'C', 'F', 'A' (F if a is F-contiguous and
 * not C) or 'K' (a's own axis order). */
gpa_array *gpa_array_copy(gpa_array *a, PyArray_Descr *descr, char order);

/* New array laid out "like" a (NumPy's empty_like): shape (NULL: a's),
 * dtype descr (stolen), order 'C', 'F', 'A' (F if a is F- and not
 * C-contiguous) or 'K' (a's axis order by |stride|; C when nd differs from
 * a's).  Uninitialised. */
gpa_array *gpa_array_empty_like(gpa_array *a, PyArray_Descr *descr,
                                char order, int nd, const Py_ssize_t *shape);

/* gpa_iterator_order: ops/layout.h. */

/* New uninitialised array of `shape` whose axes lie in memory in the
 * order perm (outermost first), each contiguous inside the next, as
 * NumPy's 'K' allocations are.  descr stolen. */
gpa_array *gpa_array_empty_perm(gpa_device *dev, PyArray_Descr *descr,
                                int nd, const Py_ssize_t *shape,
                                const int *perm);

/* New 1-D array (owning its memory) with a's elements read in `order`:
 * 'C', 'F' or 'K' (axes by decreasing |stride|, each read in its logical
 * direction, as NumPy's flatten). */
gpa_array *gpa_array_flatten(gpa_array *a, char order);

/* dst[...] = src: broadcasts src to dst's shape and casts (unsafe
 * casting, as NumPy's setitem).  src and dst may overlap.  Both on the
 * same device (ValueError otherwise). */
int gpa_array_assign(gpa_array *dst, gpa_array *src);

/* dst[...] = value for a Python or NumPy scalar (cast as NumPy casts it
 * in setitem; OverflowError for out-of-range Python ints). */
int gpa_array_fill(gpa_array *dst, PyObject *value);

/* dst[...] = src where either is of a void dtype or not aligned for its
 * type (copy_bytes.c): bytes for equal dtypes, NumPy's cast on the host
 * for void ones, an aligned staging copy otherwise. */
int gpa_assign_special(gpa_array *dst, gpa_array *src);

#endif
