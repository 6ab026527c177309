/* host_views.c - sharing host-device memory with NumPy and the buffer
 * protocol (DESIGN.md decision 7): arrays on the `host` device export
 * their memory without copying; device memory refuses, naming .get().
 */
#include "interop/interop.h"
#include "array/convert.h"
#include "util.h"

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

int gpa_array_getbuffer(PyObject *self, Py_buffer *view, int flags)
{
    gpa_array *a = (gpa_array *)self;
    view->obj = NULL;
    if (a->dev->kind != GPA_DEVICE_HOST) {
        PyErr_SetString(PyExc_BufferError,
                        "gpuarray: device memory cannot be exported through "
                        "the buffer protocol; use .get() to copy it to "
                        "the host");
        return -1;
    }
    if ((flags & PyBUF_WRITABLE) && !(a->flags & GPA_WRITEABLE)) {
        PyErr_SetString(PyExc_BufferError, "array is not writable");
        return -1;
    }
    int c = (a->flags & GPA_C_CONTIGUOUS) != 0;
    int f = (a->flags & GPA_F_CONTIGUOUS) != 0;
    if (((flags & PyBUF_C_CONTIGUOUS) == PyBUF_C_CONTIGUOUS && !c) ||
        ((flags & PyBUF_F_CONTIGUOUS) == PyBUF_F_CONTIGUOUS && !f) ||
        ((flags & PyBUF_ANY_CONTIGUOUS) == PyBUF_ANY_CONTIGUOUS && !c && !f) ||
        (!(flags & PyBUF_STRIDES) && !c)) {
        PyErr_SetString(PyExc_BufferError,
                        "array is not contiguous as the buffer request "
                        "requires");
        return -1;
    }
    view->buf = a->data;
    view->obj = Py_NewRef(self);
    view->len = a->size * gpa_itemsize(a);
    view->readonly = !(a->flags & GPA_WRITEABLE);
    view->itemsize = gpa_itemsize(a);
    view->format = (flags & PyBUF_FORMAT)
                       ? (char *)buffer_format(gpa_type_num(a)) : NULL;
    view->ndim = a->nd;
    view->shape = (flags & PyBUF_ND) ? a->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) ? a->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

static PyObject *array_dunder_array(gpa_array *a, PyObject *args,
                                    PyObject *kw)
{
    static char *kwlist[] = {"dtype", "copy", NULL};
    PyObject *dtype = Py_None, *copy = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO:__array__", kwlist,
                                     &dtype, &copy))
        return NULL;
    if (a->dev->kind != GPA_DEVICE_HOST) {
        PyErr_SetString(PyExc_TypeError, NO_IMPLICIT);
        return NULL;
    }
    PyObject *view = gpa_host_numpy_view(a);
    if (view == NULL)
        return NULL;
    if (dtype == Py_None && (copy == Py_None || copy == Py_False))
        return view;
    PyObject *r = PyObject_CallMethod(gpa_numpy, "array", "OOO",
                                      view, dtype, copy == Py_None ? Py_False
                                                                   : copy);
    Py_DECREF(view);
    return r;
}

static PyObject *array_namespace(PyObject *self, PyObject *args,
                                 PyObject *kw)
{
    GPA_UNUSED(self); GPA_UNUSED(args); GPA_UNUSED(kw);
    return PyImport_ImportModule("gpuarray");
}

PyMethodDef gpa_array_methods_interop[] = {
    {"__array__", (PyCFunction)(void (*)(void))array_dunder_array,
     METH_VARARGS | METH_KEYWORDS, "NumPy view (host device only)"},
    {"__array_namespace__", (PyCFunction)(void (*)(void))array_namespace,
     METH_VARARGS | METH_KEYWORDS, "the Array API namespace: gpuarray"},
    {NULL, NULL, 0, NULL},
};
