/* array_methods.h - what the files of array/ export to array_type.c. */
#ifndef GPA_ARRAY_METHODS_H
#define GPA_ARRAY_METHODS_H

#include "array/array.h"

/* attributes.c */
extern PyGetSetDef gpa_array_getset[];
/* a takes r's nd, shape and strides (same data); -1 on MemoryError */
int gpa_array_adopt_layout(gpa_array *a, gpa_array *r);
/* convert.c: to/from host values, printing, iteration */
extern PyMethodDef gpa_array_methods_convert[];
PyObject *gpa_array_repr(gpa_array *a);
PyObject *gpa_array_str(gpa_array *a);
PyObject *gpa_array_iter(gpa_array *a);
PyObject *gpa_array_sq_item(gpa_array *a, Py_ssize_t i);
Py_ssize_t gpa_array_length(gpa_array *a);
/* views.c: reshape, transpose, ... */
extern PyMethodDef gpa_array_methods_views[];
/* indexing.c */
PyObject *gpa_array_subscript(gpa_array *a, PyObject *key);
int gpa_array_ass_subscript(gpa_array *a, PyObject *key, PyObject *value);
/* ops (ops/methods.c): astype, copy, fill, reductions, comparisons */
extern PyMethodDef gpa_array_methods_ops[];
PyObject *gpa_array_richcompare(PyObject *a, PyObject *b, int op);
/* interop (interop/ files): __dlpack__, __cuda_array_interface__, ... */
extern PyMethodDef gpa_array_methods_interop[];

#define GPA_ARRAY_METHOD_FRAGMENTS                                    \
    {gpa_array_methods_convert, gpa_array_methods_views,              \
     gpa_array_methods_ops, gpa_array_methods_interop}

#endif
