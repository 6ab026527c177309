/* cai_import.c - the CUDA array interface, import side: gpuarray.asarray
 * of an object exposing __cuda_array_interface__ (Numba device arrays,
 * PyTorch CUDA tensors, CuPy arrays) shares its memory.  Export is cai.c.
 *
 * The dict is checked completely before anything touches the driver, so
 * a malformed interface gives the same TypeError/ValueError with or
 * without a GPU.  The memory's device is the one the driver says owns
 * the pointer (cuPointerGetAttribute), the array keeps `obj` alive (it
 * is the foreign memory's owner and the array's base), and our stream is
 * made to wait on the interface's `stream` (Note [Interop streams]).
 */
#include "interop/interop.h"
#include "runtime/cuda_api.h"
#include "runtime/cuda_backend.h"

int gpa_cai_lookup(PyObject *obj, PyObject **cai)
{
    *cai = PyObject_GetAttrString(obj, "__cuda_array_interface__");
    if (*cai != NULL)
        return 1;
    if (!PyErr_ExceptionMatches(PyExc_AttributeError))
        return -1;
    PyErr_Clear();
    return 0;
}

/* The parsed interface. */
typedef struct {
    int nd;
    Py_ssize_t shape[GPA_MAXDIMS];
    Py_ssize_t strides[GPA_MAXDIMS];
    int has_strides;
    PyArray_Descr *descr; /* owned */
    uintptr_t ptr;
    int readonly;
    int has_stream;
    long long stream;
} cai_info;

/* Borrowed item `key` of the dict; NULL without exception when absent
 * and not required. */
static PyObject *cai_item(PyObject *cai, const char *key, int required)
{
    PyObject *v = PyDict_GetItemString(cai, key);
    if (v == NULL && required)
        PyErr_Format(PyExc_ValueError,
                     "__cuda_array_interface__ lacks the required key '%s'",
                     key);
    return v;
}

/* Reads a tuple of ints into out (at most GPA_MAXDIMS); returns its
 * length or -1. */
static int int_tuple(PyObject *t, const char *key, Py_ssize_t *out)
{
    if (!PyTuple_Check(t)) {
        PyErr_Format(PyExc_TypeError,
                     "__cuda_array_interface__['%s'] must be a tuple of "
                     "ints, not %.200s", key, Py_TYPE(t)->tp_name);
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(t);
    if (n > GPA_MAXDIMS) {
        PyErr_Format(PyExc_ValueError,
                     "__cuda_array_interface__['%s'] has %zd dimensions; "
                     "gpuarray supports at most %d", key, n, GPA_MAXDIMS);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyNumber_AsSsize_t(PyTuple_GET_ITEM(t, i),
                                    PyExc_OverflowError);
        if (out[i] == -1 && PyErr_Occurred())
            return -1;
    }
    return (int)n;
}

/* New reference: our descriptor for a typestr such as '<f4' or '|b1'. */
static PyArray_Descr *descr_from_typestr(PyObject *typestr)
{
    PyArray_Descr *d = NULL, *r = NULL;
    if (!PyUnicode_Check(typestr)) {
        PyErr_Format(PyExc_TypeError,
                     "__cuda_array_interface__['typestr'] must be a str, "
                     "not %.200s", Py_TYPE(typestr)->tp_name);
        return NULL;
    }
    if (!PyArray_DescrConverter(typestr, &d)) {
        /* NumPy's parser can raise anything (SyntaxError for "(", ...):
         * for the protocol it is one bad value */
        if (!PyErr_ExceptionMatches(PyExc_TypeError) &&
            !PyErr_ExceptionMatches(PyExc_ValueError) &&
            !PyErr_ExceptionMatches(PyExc_MemoryError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "__cuda_array_interface__: invalid typestr %R",
                         typestr);
        }
        return NULL;
    }
    if (PyDataType_ISBYTESWAPPED(d)) {
        PyErr_Format(PyExc_TypeError,
                     "__cuda_array_interface__: typestr %R is not in the "
                     "machine's byte order, which gpuarray needs", typestr);
        goto fail;
    }
    r = gpa_descr_from_obj((PyObject *)d);
fail:
    Py_XDECREF(d);
    return r;
}

/* A '|V<n>' typestr with a 'descr' list of fields (as our export and
 * __array_interface__ give it) is that structured dtype: *d (owned) is
 * replaced.  0, or -1 with an exception. */
static int structured_descr(PyObject *cai, PyArray_Descr **d)
{
    PyObject *fields = PyDict_GetItemString(cai, "descr");  /* borrowed */
    PyArray_Descr *s = NULL;
    if (fields == NULL || !PyList_Check(fields))
        return 0;
    if (PyList_GET_SIZE(fields) == 1) { /* [('', '|V12')]: no fields */
        PyObject *f = PyList_GET_ITEM(fields, 0);
        if (PyTuple_Check(f) && PyTuple_GET_SIZE(f) >= 1 &&
            PyUnicode_Check(PyTuple_GET_ITEM(f, 0)) &&
            PyUnicode_GET_LENGTH(PyTuple_GET_ITEM(f, 0)) == 0)
            return 0;
    }
    if (!PyArray_DescrConverter(fields, &s))
        return -1;
    if (PyDataType_ELSIZE(s) != PyDataType_ELSIZE(*d)) {
        PyErr_Format(PyExc_ValueError,
                     "__cuda_array_interface__: descr %R does not fit the "
                     "typestr's item size", (PyObject *)s);
        Py_DECREF(s);
        return -1;
    }
    PyObject *native = PyObject_GetAttrString((PyObject *)s, "isnative");
    int ok = native == Py_True;
    Py_XDECREF(native);
    if (!ok) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_TypeError,
                         "__cuda_array_interface__: descr %R is not in the "
                         "machine's byte order, which gpuarray needs",
                         (PyObject *)s);
        Py_DECREF(s);
        return -1;
    }
    Py_SETREF(*d, s);
    return 0;
}

static int parse_cai(PyObject *cai, cai_info *info)
{
    PyObject *v;
    if (!PyDict_Check(cai)) {
        PyErr_Format(PyExc_TypeError,
                     "__cuda_array_interface__ must be a dict, not %.200s",
                     Py_TYPE(cai)->tp_name);
        return GPA_ERR;
    }
    if ((v = cai_item(cai, "version", 1)) == NULL)
        return GPA_ERR;
    long version = PyLong_AsLong(v);
    if (version == -1 && PyErr_Occurred())
        return GPA_ERR;
    if (version < 0 || version > 3) {
        PyErr_Format(PyExc_ValueError,
                     "__cuda_array_interface__ version %ld is not supported "
                     "(gpuarray reads versions 0 to 3)", version);
        return GPA_ERR;
    }
    if ((v = cai_item(cai, "shape", 1)) == NULL ||
        (info->nd = int_tuple(v, "shape", info->shape)) < 0)
        return GPA_ERR;
    v = cai_item(cai, "strides", 0);
    info->has_strides = v != NULL && v != Py_None;
    if (info->has_strides) {
        int n = int_tuple(v, "strides", info->strides);
        if (n < 0)
            return GPA_ERR;
        if (n != info->nd) {
            PyErr_Format(PyExc_ValueError,
                         "__cuda_array_interface__: %d strides for %d "
                         "dimensions", n, info->nd);
            return GPA_ERR;
        }
    }
    if ((v = cai_item(cai, "typestr", 1)) == NULL ||
        (info->descr = descr_from_typestr(v)) == NULL)
        return GPA_ERR;
    if (info->descr->type_num == NPY_VOID &&
        structured_descr(cai, &info->descr) < 0)
        return GPA_ERR;
    if ((v = cai_item(cai, "data", 1)) == NULL)
        return GPA_ERR;
    if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != 2) {
        PyErr_SetString(PyExc_TypeError,
                        "__cuda_array_interface__['data'] must be a "
                        "(pointer, read_only) tuple");
        return GPA_ERR;
    }
    info->ptr = (uintptr_t)PyLong_AsVoidPtr(PyTuple_GET_ITEM(v, 0));
    if (info->ptr == 0 && PyErr_Occurred())
        return GPA_ERR;
    if ((info->readonly = PyObject_IsTrue(PyTuple_GET_ITEM(v, 1))) < 0)
        return GPA_ERR;
    int empty = 0;
    for (int i = 0; i < info->nd; i++)
        empty |= info->shape[i] == 0;
    if (info->ptr == 0 && !empty) {
        PyErr_SetString(PyExc_ValueError,
                        "__cuda_array_interface__: NULL data pointer for an "
                        "array that is not empty");
        return GPA_ERR;
    }
    v = cai_item(cai, "mask", 0);
    if (v != NULL && v != Py_None) {
        PyErr_SetString(PyExc_ValueError,
                        "__cuda_array_interface__: masked arrays (mask not "
                        "None) are not supported by gpuarray");
        return GPA_ERR;
    }
    v = cai_item(cai, "stream", 0);
    info->has_stream = v != NULL && v != Py_None;
    if (info->has_stream) {
        info->stream = PyLong_AsLongLong(v);
        if (info->stream == -1 && PyErr_Occurred())
            return GPA_ERR;
        gpa_stream s;
        if (gpa_stream_from_protocol(info->stream,
                                     "__cuda_array_interface__", &s) < 0)
            return GPA_ERR;
    }
    return GPA_OK;
}

/* Borrowed: the CUDA device whose memory `ptr` is (the current CUDA
 * device for a NULL pointer). */
static gpa_device *device_of_pointer(uintptr_t ptr)
{
    const gpa_cuda_api *cu;
    int ordinal = gpa_get_current_cuda_ordinal();
    gpa_device *dev;

    if (gpa_cuda_device_count() == 0) {
        PyErr_SetString(PyExc_BufferError,
                        "the object exposes __cuda_array_interface__ (CUDA "
                        "device memory) but no CUDA device is available to "
                        "gpuarray");
        return NULL;
    }
    dev = gpa_cuda_device(ordinal < 0 ? 0 : ordinal);
    if (dev == NULL || ptr == 0)
        return dev;
    if (gpa_cuda_activate(dev) != GPA_OK || (cu = gpa_cuda_api_get()) == NULL)
        return NULL;
    CUresult err = cu->cuPointerGetAttribute(
        &ordinal, GPA_CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, (CUdeviceptr)ptr);
    if (err != GPA_CUDA_SUCCESS) {
        gpa_cuda_raise(err, "cuPointerGetAttribute", __FILE__, __LINE__);
        return NULL;
    }
    return gpa_cuda_device(ordinal);
}

gpa_array *gpa_cai_import(PyObject *obj, PyObject *cai)
{
    cai_info info;
    gpa_array *arr = NULL;
    gpa_device *dev;

    memset(&info, 0, sizeof info);
    if (parse_cai(cai, &info) != GPA_OK)
        goto fail;
    if ((dev = device_of_pointer(info.ptr)) == NULL)
        goto fail;
    if (info.has_stream) {
        gpa_stream theirs;
        if (gpa_stream_from_protocol(info.stream, "__cuda_array_interface__",
                                     &theirs) != GPA_OK ||
            gpa_stream_order(dev, dev->stream, theirs) != GPA_OK)
            goto fail;
    }
    arr = gpa_foreign_array(dev, obj, info.descr, info.nd, info.shape,
                            info.has_strides ? info.strides : NULL,
                            (char *)info.ptr, !info.readonly);
    info.descr = NULL; /* stolen */
fail:
    Py_XDECREF(info.descr);
    return arr;
}
