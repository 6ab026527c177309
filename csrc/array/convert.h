/* convert.h - moving values between gpuarray and NumPy / Python. */
#ifndef GPA_CONVERT_H
#define GPA_CONVERT_H

#include "array/array.h"

/* New NumPy array with a's values (copied from the device). order: 'C',
 * 'F', 'A' or 'K' ('K' and 'A' keep a's layout when it is contiguous). */
PyObject *gpa_array_to_numpy(gpa_array *a, char order);

/* New gpuarray array on dev with the values of any object NumPy can turn
 * into an array (ndarray, nested lists, scalars).  descr NULL keeps the
 * source dtype (steals descr otherwise); order 'C','F','A','K'. */
gpa_array *gpa_array_from_host(gpa_device *dev, PyObject *obj,
                               PyArray_Descr *descr, char order);

/* For arrays on the host device: a NumPy array sharing a's memory whose
 * base keeps `a` alive.  New reference. */
PyObject *gpa_host_numpy_view(gpa_array *a);

/* Whether value is a sequence or an array of ndim > 0: NumPy refuses
 * those where it stores one scalar (a[i] = value, a.fill(value)). */
static inline int gpa_is_sequence_value(PyObject *v)
{
    return PyList_Check(v) || PyTuple_Check(v) ||
           (gpa_array_check(v) && ((gpa_array *)v)->nd > 0) ||
           (PyArray_Check(v) && PyArray_NDIM((PyArrayObject *)v) > 0);
}

/* The scalar NumPy stores for such a value into dtype descr, or NumPy's
 * error (its type depends on the dtype).  New reference. */
PyObject *gpa_element_value(PyArray_Descr *descr, PyObject *value);

/* a's single element as a Python scalar (a must have size 1). */
PyObject *gpa_array_item_scalar(gpa_array *a);

#endif
