/* util.h - small argument helpers shared by every layer. */
#ifndef GPA_UTIL_H
#define GPA_UTIL_H

#include "common.h"

/* numpy.exceptions.AxisError (borrowed; set at import). */
extern PyObject *gpa_AxisError;
extern PyObject *gpa_numpy;         /* the numpy module (borrowed) */

/* Maps axis into [0, ndim); raises numpy's AxisError ("axis 3 is out of
 * bounds for array of dimension 2") and returns -1 when out of range. */
int gpa_normalize_axis(Py_ssize_t *axis, int ndim);

/* Reads an `order=` argument (None or a str) into one of the letters of
 * `allowed` (e.g. "CFAK"), upper-cased; `dflt` for None.  ValueError
 * naming the allowed letters otherwise. */
/* NumPy's ComplexWarning "Casting complex values to real discards the
 * imaginary part"; -1 when the warning is an error. */
int gpa_warn_complex_discarded(void);
/* 1 when a cast between these type numbers is one that warns (complex
 * to a real type other than bool). */
int gpa_casts_drop_imaginary(int from, int to);

int gpa_parse_order(PyObject *obj, const char *allowed, char dflt,
                    char *order);

/* Parses an `axis=` argument (None, int or tuple of ints) into a mask of
 * axes of an ndim-dimensional array; None selects all.  Raises AxisError
 * and ValueError("duplicate value in 'axis'").  Returns the number of
 * axes selected, or -1. */
int gpa_parse_axes(PyObject *obj, int ndim, char *mask);

/* New tuple of Python ints from n values (shapes, strides). */
PyObject *gpa_tuple_from_ssize(int n, const Py_ssize_t *v);

/* Defines put ahead of the kernel prelude for behaviour that differs
 * between NumPy versions, read off the NumPy that is installed (so
 * kernels match it, and the cache key changes with it). */
const char *gpa_numpy_quirks(void);

int gpa_util_init(void);

/* An integer index as a Py_ssize_t, with NumPy's OverflowError or
 * IndexError for one too large either way; -1 with an exception. */
Py_ssize_t gpa_index_value(PyObject *obj);

#endif
