/* cai.c - the CUDA array interface, version 3, export side
 * (https://numba.readthedocs.io/en/stable/cuda/cuda_array_interface.html).
 * Import (gpuarray.asarray of an object exposing it) is cai_import.c.
 *
 * The dict: shape, typestr (NumPy's, with byte order), data = (pointer,
 * read-only), version 3, strides (None when C-contiguous, else bytes),
 * mask None, and stream: the stream our pending writes are queued on (1
 * for the legacy default stream, Note [Interop streams] in interop.h),
 * which the consumer must synchronise with before touching the data.
 * Only arrays in CUDA memory have the attribute (AttributeError
 * otherwise), so hasattr() tells consumers whether they can use it.
 */
#include "interop/interop.h"
#include "util.h"

/* Getter of ndarray.__cuda_array_interface__: new reference (dict). */
PyObject *gpa_array_get_cai(gpa_array *a, void *closure)
{
    PyObject *shape = NULL, *strides = NULL, *typestr = NULL;
    PyObject *stream = NULL, *r = NULL;
    GPA_UNUSED(closure);

    if (a->dev->kind != GPA_DEVICE_CUDA) {
        PyErr_SetString(PyExc_AttributeError,
                        "__cuda_array_interface__ is only defined for arrays "
                        "in CUDA device memory (this one is on the host "
                        "device)");
        return NULL;
    }
    shape = gpa_tuple_from_ssize(a->nd, a->shape);
    if (shape == NULL)
        goto fail;
    strides = (a->flags & GPA_C_CONTIGUOUS) ? Py_NewRef(Py_None)
                                           : gpa_tuple_from_ssize(a->nd, a->strides);
    if (strides == NULL)
        goto fail;
    typestr = PyObject_GetAttrString((PyObject *)a->descr, "str");
    if (typestr == NULL)
        goto fail;
    stream = a->dev->stream == NULL ? PyLong_FromLong(1)
                                    : PyLong_FromVoidPtr(a->dev->stream);
    if (stream == NULL)
        goto fail;
    /* A zero-size array has no data: the pointer must be 0. */
    r = Py_BuildValue(
        "{s:O,s:O,s:O,s:(KO),s:i,s:O,s:O}", "shape", shape, "strides",
        strides, "typestr", typestr, "data",
        (unsigned long long)(uintptr_t)(a->size ? a->data : NULL),
        (a->flags & GPA_WRITEABLE) ? Py_False : Py_True, "version", 3,
        "mask", Py_None, "stream", stream);
    if (r != NULL && a->descr->type_num == NPY_VOID) {
        /* a structured dtype's fields, as __array_interface__ gives them
         * (typestr alone is '|V<n>') */
        PyObject *fields = PyObject_GetAttrString((PyObject *)a->descr,
                                                  "descr");
        if (fields == NULL || PyDict_SetItemString(r, "descr", fields) < 0)
            Py_CLEAR(r);
        Py_XDECREF(fields);
    }
fail:
    Py_XDECREF(shape);
    Py_XDECREF(strides);
    Py_XDECREF(typestr);
    Py_XDECREF(stream);
    return r;
}
