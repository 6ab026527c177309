/* host_views.c - sharing host-device memory with NumPy and the buffer
 * protocol (DESIGN.md decision 7): arrays on the `host` device export
 * their memory without copying; device memory refuses, naming .get().
 * Also the table of the ndarray's interop methods (__array__,
 * __array_namespace__, and DLPack's from dlpack.c).
 *
 * Note [Buffer requests]: a consumer that does not ask for strides
 * (PyBUF_STRIDES) assumes C-contiguous memory, so only a C-contiguous
 * array can serve it; one that asks for strides gets the real ones, so
 * memoryview(a) of any strided view works, as NumPy's does.  The
 * *_CONTIGUOUS requests are honoured exactly.
 */
#include "interop/interop.h"
#include "array/convert.h"
#include "config.h"
#include "runtime/transfer.h"
#include "util.h"

/* Device memory never converts implicitly; in the strict test mode
 * (GPUARRAY_STRICT_ARRAY, _core._strict_array) host memory doesn't
 * either, so the host suite fails where a GPU would. */
static int refuses_implicit(const gpa_array *a)
{
    return a->dev->kind != GPA_DEVICE_HOST || gpa_cfg.strict_array;
}

/* _strict_array(flag=None) -> the previous setting; sets it when given. */
PyObject *gpa_py_strict_array(PyObject *self, PyObject *args)
{
    PyObject *flag = Py_None; /* borrowed */
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "|O:_strict_array", &flag))
        return NULL;
    int prev = gpa_cfg.strict_array;
    if (flag != Py_None) {
        int v = PyObject_IsTrue(flag);
        if (v < 0)
            return NULL;
        gpa_cfg.strict_array = v;
    }
    return PyBool_FromLong(prev);
}

/* _host_memory_view(a) -> a NumPy view of a host-device array's memory,
 * whatever the strict mode: the host device's own compute backends (the
 * host FFT runs pocketfft on it) use host memory deliberately; device
 * memory raises TypeError.  New reference. */
PyObject *gpa_py_host_memory_view(PyObject *self, PyObject *arg)
{
    GPA_UNUSED(self);
    if (!gpa_array_check(arg)) {
        PyErr_SetString(PyExc_TypeError, "_host_memory_view: expected a "
                                         "gpuarray.ndarray");
        return NULL;
    }
    gpa_array *a = (gpa_array *)arg; /* borrowed */
    if (a->dev->kind != GPA_DEVICE_HOST) {
        PyErr_SetString(PyExc_TypeError, "_host_memory_view: the array is "
                                         "in device memory");
        return NULL;
    }
    return gpa_host_numpy_view(a);
}

/* _d2h_count() -> the number of device-to-host copies so far (each a
 * sync on a GPU): tests hold library paths to one. */
PyObject *gpa_py_d2h_count(PyObject *self, PyObject *args)
{
    GPA_UNUSED(self);
    GPA_UNUSED(args);
    return PyLong_FromUnsignedLongLong(gpa_d2h_count());
}

static const char NO_IMPLICIT[] =
    "Implicit conversion to a NumPy array is not allowed for device "
    "memory. Please use `.get()` or `gpuarray.asnumpy()` to construct a "
    "NumPy array explicitly.";

/* Buffer-protocol format strings, as NumPy's own memoryviews give. */
static const char *buffer_format(int t)
{
    switch (t) {
    case NPY_BOOL: return "?";
    case NPY_BYTE: return "b";
    case NPY_UBYTE: return "B";
    case NPY_SHORT: return "h";
    case NPY_USHORT: return "H";
    case NPY_INT: return "i";
    case NPY_UINT: return "I";
    case NPY_LONG: return "l";
    case NPY_ULONG: return "L";
    case NPY_LONGLONG: return "q";
    case NPY_ULONGLONG: return "Q";
    case NPY_HALF: return "e";
    case NPY_FLOAT: return "f";
    case NPY_DOUBLE: return "d";
    case NPY_CFLOAT: return "Zf";
    case NPY_CDOUBLE: return "Zd";
    default: return "B";
    }
}

/* The strides a buffer consumer sees: NumPy recomputes them for
 * contiguous arrays (a dimension of length 1, or an empty array, may
 * carry any stride internally), C first unless F is asked for and the
 * array is both.  Returns 1 when they differ from a's own. */
static int export_strides(const gpa_array *a, int flags, Py_ssize_t *out)
{
    int c = (a->flags & GPA_C_CONTIGUOUS) != 0;
    int f = (a->flags & GPA_F_CONTIGUOUS) != 0;
    int want_f = (flags & PyBUF_F_CONTIGUOUS) == PyBUF_F_CONTIGUOUS;
    int differ = 0;
    if (c || f) {
        int fortran = !(c && !(want_f && f));
        Py_ssize_t sd = gpa_itemsize(a);
        for (int k = 0; k < a->nd; k++) {
            int i = fortran ? k : a->nd - 1 - k;
            out[i] = sd;
            sd *= a->shape[i];
        }
    } else {
        memcpy(out, a->strides, (size_t)a->nd * sizeof(Py_ssize_t));
    }
    for (int i = 0; i < a->nd; i++)
        differ |= out[i] != a->strides[i];
    return differ;
}

/* Note [Buffer requests]: checks and fields as NumPy's array_getbuffer,
 * errors included (ValueError).  When the strides a consumer must see
 * differ from the array's own, the buffer is exported through a view of
 * the same memory that has them, since a Py_buffer's strides must live
 * as long as its `obj`. */
int gpa_array_getbuffer(PyObject *self, Py_buffer *view, int flags)
{
    gpa_array *a = (gpa_array *)self, *exp = NULL;
    Py_ssize_t strides[GPA_MAXDIMS];
    view->obj = NULL;
    if (refuses_implicit(a)) {
        PyErr_SetString(PyExc_BufferError,
                        "gpuarray: device memory cannot be exported through "
                        "the buffer protocol; use .get() or "
                        "gpuarray.asnumpy() to copy it to the host");
        return -1;
    }
    if (gpa_type_num(a) == NPY_VOID) {
        /* a structured format ('T{<i:f0:<d:f1:}') is NumPy's to write:
         * the buffer of a NumPy view of the same memory (it keeps a) */
        PyObject *host = gpa_host_numpy_view(a);
        if (host == NULL)
            return -1;
        int rc = PyObject_GetBuffer(host, view, flags);
        Py_DECREF(host);
        return rc;
    }
    int c = (a->flags & GPA_C_CONTIGUOUS) != 0;
    int f = (a->flags & GPA_F_CONTIGUOUS) != 0;
    const char *err = NULL;
    if ((flags & PyBUF_C_CONTIGUOUS) == PyBUF_C_CONTIGUOUS && !c)
        err = "ndarray is not C-contiguous";
    else if ((flags & PyBUF_F_CONTIGUOUS) == PyBUF_F_CONTIGUOUS && !f)
        err = "ndarray is not Fortran contiguous";
    else if ((flags & PyBUF_ANY_CONTIGUOUS) == PyBUF_ANY_CONTIGUOUS &&
             !c && !f)
        err = "ndarray is not contiguous";
    else if ((flags & PyBUF_STRIDES) != PyBUF_STRIDES && !c)
        err = "ndarray is not C-contiguous"; /* non-strided must be C */
    else if ((flags & PyBUF_WRITABLE) && !(a->flags & GPA_WRITEABLE))
        err = "buffer source array is read-only";
    if (gpa_type_num(a) == NPY_DATETIME)
        err = "cannot include dtype 'M' in a buffer"; /* NumPy's words */
    else if (gpa_type_num(a) == NPY_TIMEDELTA)
        err = "cannot include dtype 'm' in a buffer";
    if (err != NULL) {
        PyErr_SetString(PyExc_ValueError, err);
        return -1;
    }
    if (export_strides(a, flags, strides)) {
        exp = gpa_array_view_of(a, NULL, a->nd, a->shape, strides, a->data);
        if (exp == NULL)
            return -1;
    } else {
        exp = (gpa_array *)Py_NewRef(a);
    }
    view->buf = exp->data;
    view->obj = (PyObject *)exp; /* our reference, released with the view */
    view->len = exp->size * gpa_itemsize(exp);
    view->readonly = !(exp->flags & GPA_WRITEABLE);
    view->itemsize = gpa_itemsize(exp);
    view->format = (flags & PyBUF_FORMAT) == PyBUF_FORMAT
                       ? (char *)buffer_format(gpa_type_num(exp)) : NULL;
    int nd_wanted = (flags & PyBUF_ND) == PyBUF_ND;
    view->ndim = nd_wanted ? exp->nd : 0;
    view->shape = nd_wanted && exp->nd ? exp->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES && exp->nd
                        ? exp->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

/* a.__array__(dtype=None, copy=None), NumPy 2's protocol: host arrays
 * give a view (copy=False never copies: ValueError when dtype needs a
 * cast, from NumPy itself); device memory is never converted implicitly
 * (TypeError naming .get()), as in CuPy and PyTorch. */
static PyObject *array_dunder_array(gpa_array *a, PyObject *args,
                                    PyObject *kw)
{
    static char *kwlist[] = {"dtype", "copy", NULL};
    PyObject *dtype = Py_None, *copy = Py_None;
    PyObject *view = NULL, *fn = NULL, *pargs = NULL, *kwargs = NULL;
    PyObject *r = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO:__array__", kwlist,
                                     &dtype, &copy))
        return NULL;
    if (refuses_implicit(a)) {
        PyErr_SetString(PyExc_TypeError, NO_IMPLICIT);
        return NULL;
    }
    int want_copy = copy == Py_None ? 0 : PyObject_IsTrue(copy);
    if (want_copy < 0)
        return NULL;
    view = gpa_host_numpy_view(a);
    if (view == NULL)
        goto fail;
    if (dtype == Py_None && !want_copy)
        return view;
    fn = PyObject_GetAttrString(gpa_numpy, "array");
    pargs = PyTuple_Pack(1, view);
    kwargs = Py_BuildValue("{s:O,s:O}", "dtype", dtype, "copy", copy);
    if (fn == NULL || pargs == NULL || kwargs == NULL)
        goto fail;
    r = PyObject_Call(fn, pargs, kwargs);
fail:
    Py_XDECREF(view);
    Py_XDECREF(fn);
    Py_XDECREF(pargs);
    Py_XDECREF(kwargs);
    return r;
}

/* a.__array_namespace__(*, api_version=None): the gpuarray module. */
static PyObject *array_namespace(PyObject *self, PyObject *args,
                                 PyObject *kw)
{
    static char *kwlist[] = {"api_version", NULL};
    static const char *known[] = {"2021.12", "2022.12", "2023.12",
                                  "2024.12", "2025.12", NULL};
    PyObject *version = Py_None;
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$O:__array_namespace__",
                                     kwlist, &version))
        return NULL;
    if (version != Py_None) {
        const char *v = PyUnicode_Check(version) ? PyUnicode_AsUTF8(version)
                                                 : NULL;
        int ok = 0;
        if (v == NULL && PyErr_Occurred())
            return NULL;
        for (int i = 0; v != NULL && known[i] != NULL; i++)
            ok |= strcmp(v, known[i]) == 0;
        if (!ok) {
            PyErr_Format(PyExc_ValueError,
                         "Unrecognized array API version: %R (gpuarray "
                         "knows 2021.12 to 2025.12)", version);
            return NULL;
        }
    }
    return PyImport_ImportModule("gpuarray");
}

PyMethodDef gpa_array_methods_interop[] = {
    {"__array__", (PyCFunction)(void (*)(void))array_dunder_array,
     METH_VARARGS | METH_KEYWORDS, "NumPy view (host device only)"},
    {"__array_namespace__", (PyCFunction)(void (*)(void))array_namespace,
     METH_VARARGS | METH_KEYWORDS, "the Array API namespace: gpuarray"},
    {"__dlpack__", (PyCFunction)(void (*)(void))gpa_array_dlpack,
     METH_VARARGS | METH_KEYWORDS,
     "__dlpack__(*, stream=None, max_version=None, dl_device=None, "
     "copy=None): a DLPack capsule sharing the array's memory"},
    {"__dlpack_device__", (PyCFunction)gpa_array_dlpack_device, METH_NOARGS,
     "(device_type, device_id) of the array's memory, as DLPack names it"},
    {"toDlpack", (PyCFunction)gpa_array_to_dlpack, METH_NOARGS,
     "a legacy DLPack capsule ('dltensor') sharing the array's memory"},
    {NULL, NULL, 0, NULL},
};
