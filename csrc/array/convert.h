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

/* a's single element as a Python scalar (a must have size 1). */
PyObject *gpa_array_item_scalar(gpa_array *a);

#endif
