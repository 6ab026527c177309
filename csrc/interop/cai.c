/* cai.c - the CUDA array interface (version 3), export side.
 * Import (gpuarray.asarray of an object exposing it) is in interop/. */
#include "interop/interop.h"

PyObject *gpa_array_get_cai(gpa_array *a, void *closure)
{
    GPA_UNUSED(closure);
    if (a->dev->kind != GPA_DEVICE_CUDA) {
        PyErr_SetString(PyExc_AttributeError,
                        "__cuda_array_interface__ is only defined for arrays "
                        "in CUDA device memory (this one is on the host "
                        "device)");
        return NULL;
    }
    PyObject *shape = PyTuple_New(a->nd), *strides = NULL;
    if (shape == NULL)
        return NULL;
    for (int i = 0; i < a->nd; i++)
        PyTuple_SET_ITEM(shape, i, PyLong_FromSsize_t(a->shape[i]));
    if (a->flags & GPA_C_CONTIGUOUS) {
        strides = Py_NewRef(Py_None);
    } else {
        strides = PyTuple_New(a->nd);
        if (strides == NULL) {
            Py_DECREF(shape);
            return NULL;
        }
        for (int i = 0; i < a->nd; i++)
            PyTuple_SET_ITEM(strides, i, PyLong_FromSsize_t(a->strides[i]));
    }
    PyObject *typestr = PyObject_GetAttrString((PyObject *)a->descr, "str");
    /* stream: the legacy default stream is 1 in the interface, None means
     * no synchronisation needed by the consumer. */
    PyObject *stream = a->dev->stream == NULL
                           ? PyLong_FromLong(1)
                           : PyLong_FromVoidPtr(a->dev->stream);
    PyObject *r = NULL;
    if (typestr && stream)
        r = Py_BuildValue("{s:N,s:N,s:N,s:(KO),s:i,s:N}", "shape", shape,
                          "strides", strides, "typestr", typestr, "data",
                          (unsigned long long)(uintptr_t)(a->size ? a->data
                                                                  : 0),
                          (a->flags & GPA_WRITEABLE) ? Py_False : Py_True,
                          "version", 3, "stream", stream);
    else {
        Py_DECREF(shape);
        Py_DECREF(strides);
        Py_XDECREF(typestr);
        Py_XDECREF(stream);
    }
    return r;
}
