/* views.h - view helpers other C files use. */
#ifndef GPA_VIEWS_H
#define GPA_VIEWS_H

#include "array/array.h"

/* 1 and fills strides when a can take `shape` without a copy (Note
 * [No-copy reshape]); 0 otherwise. */
int gpa_reshape_strides(const gpa_array *a, int nd, const Py_ssize_t *shape,
                        int fortran, Py_ssize_t *strides);
/* New reference: a reshaped (copying only when it must). order 'C'/'F'/'A'. */
PyObject *gpa_reshape(gpa_array *a, int nd, const Py_ssize_t *dims,
                      char order);
/* New reference: a view with axes permuted by perm. */
PyObject *gpa_transpose(gpa_array *a, const int *perm);

#endif
