/* interop.h - what the interop layer gives the ndarray type: the buffer
 * protocol, __array__, the CUDA array interface and DLPack. */
#ifndef GPA_INTEROP_H
#define GPA_INTEROP_H

#include "array/array.h"

int gpa_array_getbuffer(PyObject *self, Py_buffer *view, int flags);
PyObject *gpa_array_get_cai(gpa_array *a, void *closure);
extern PyMethodDef gpa_array_methods_interop[];

#endif
