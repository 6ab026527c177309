/* attributes.c - the ndarray's attributes (shape, strides, dtype, ...). */
#include "array/array_methods.h"
#include "interop/interop.h"
#include "hooks.h"
#include "util.h"

static PyObject *get_shape(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    return gpa_tuple_from_ssize(a->nd, a->shape);
}

/* Give `a` the shape and strides of its view `r` (same data pointer):
 * how the in-place setters `a.shape = ...` and `a.dtype = ...` work. */
int gpa_array_adopt_layout(gpa_array *a, gpa_array *r)
{
    Py_ssize_t *old = a->shape;
    int inline_ = r->nd <= GPA_INLINE_DIMS;
    Py_ssize_t *dims = inline_ ? a->dims_inline
                               : PyMem_Malloc(2 * (size_t)r->nd *
                                              sizeof(Py_ssize_t));
    if (dims == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    a->shape = dims;
    a->strides = dims + (inline_ ? GPA_INLINE_DIMS : r->nd);
    a->nd = r->nd;
    memcpy(a->shape, r->shape, (size_t)r->nd * sizeof(Py_ssize_t));
    memcpy(a->strides, r->strides, (size_t)r->nd * sizeof(Py_ssize_t));
    if (old != a->dims_inline && old != dims)
        PyMem_Free(old);
    gpa_array_update_flags(a);
    return 0;
}

/* a.shape = s: in place, only when no copy is needed (as NumPy). */
static int set_shape(gpa_array *a, PyObject *value, void *c)
{
    GPA_UNUSED(c);
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete array shape");
        return -1;
    }
    PyObject *args = PyTuple_Pack(1, value);
    if (args == NULL)
        return -1;
    PyObject *meth = PyObject_GetAttrString((PyObject *)a, "_reshape_view");
    PyObject *v = meth ? PyObject_Call(meth, args, NULL) : NULL;
    Py_XDECREF(meth);
    Py_DECREF(args);
    if (v == NULL)
        return -1;
    if (v == Py_None) {
        Py_DECREF(v);
        PyErr_SetString(PyExc_AttributeError,
                        "Incompatible shape for in-place modification. Use "
                        "`.reshape()` to make a copy with the desired "
                        "shape.");
        return -1;
    }
    int rc = gpa_array_adopt_layout(a, (gpa_array *)v);
    Py_DECREF(v);
    return rc;
}

static PyObject *get_strides(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    return gpa_tuple_from_ssize(a->nd, a->strides);
}

static PyObject *get_ndim(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    return PyLong_FromLong(a->nd);
}

static PyObject *get_size(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    return PyLong_FromSsize_t(a->size);
}

static PyObject *get_itemsize(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    return PyLong_FromSsize_t(gpa_itemsize(a));
}

static PyObject *get_nbytes(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    return PyLong_FromSsize_t(a->size * gpa_itemsize(a));
}

static PyObject *get_dtype(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    Py_INCREF(a->descr);
    return (PyObject *)a->descr;
}

/* a.dtype = d: reinterpret in place, by the rules of a.view(d). */
static int set_dtype(gpa_array *a, PyObject *value, void *c)
{
    GPA_UNUSED(c);
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "Cannot delete array dtype");
        return -1;
    }
    PyObject *v = PyObject_CallMethod((PyObject *)a, "view", "(O)", value);
    if (v == NULL)
        return -1;
    gpa_array *r = (gpa_array *)v;
    if (gpa_array_adopt_layout(a, r) < 0) {
        Py_DECREF(v);
        return -1;
    }
    /* the view holds its own reference to the new descr */
    PyArray_Descr *old = a->descr;
    Py_INCREF(r->descr);
    a->descr = r->descr;
    Py_DECREF(old);
    a->size = r->size;
    gpa_array_update_flags(a);      /* again: with the new itemsize */
    Py_DECREF(v);
    return 0;
}

static PyObject *get_base(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    PyObject *b = a->base ? a->base : Py_None;
    Py_INCREF(b);
    return b;
}

static PyObject *get_flags(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    PyObject *cls = gpa_hook("flags");
    if (cls == NULL)
        return NULL;
    /* the array last: `a.flags.writeable = False` sets it */
    return PyObject_CallFunction(cls, "OOOOO",
                                 (a->flags & GPA_C_CONTIGUOUS) ? Py_True
                                                               : Py_False,
                                 (a->flags & GPA_F_CONTIGUOUS) ? Py_True
                                                               : Py_False,
                                 (a->flags & GPA_OWNDATA) ? Py_True
                                                          : Py_False,
                                 (a->flags & GPA_WRITEABLE) ? Py_True
                                                            : Py_False,
                                 (PyObject *)a);
}

static PyObject *device_object(gpa_device *dev)
{
    PyObject *factory = gpa_hook("device");
    if (factory == NULL)
        return NULL;
    return PyObject_CallFunction(factory, "si",
                                 dev->kind == GPA_DEVICE_CUDA ? "cuda"
                                                              : "host",
                                 dev->ordinal);
}

static PyObject *get_device(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    return device_object(a->dev);
}

/* .data: a MemoryPointer(ptr, owner array, device), as CuPy's. */
static PyObject *get_data(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    PyObject *cls = gpa_hook("memptr");
    if (cls == NULL)
        return NULL;
    PyObject *dev = device_object(a->dev);
    if (dev == NULL)
        return NULL;
    PyObject *r = PyObject_CallFunction(cls, "KOn",
                                        (unsigned long long)(uintptr_t)a->data,
                                        dev, (Py_ssize_t)a->mem->size);
    Py_DECREF(dev);
    return r;
}

static PyObject *get_T(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    return PyObject_CallMethod((PyObject *)a, "transpose", NULL);
}

static PyObject *get_mT(gpa_array *a, void *c)
{
    GPA_UNUSED(c);
    if (a->nd < 2) {
        PyErr_SetString(PyExc_ValueError,
                        "matrix transpose with ndim < 2 is undefined");
        return NULL;
    }
    return PyObject_CallMethod((PyObject *)a, "swapaxes", "ii", -1, -2);
}

static PyObject *get_array_priority(gpa_array *a, void *c)
{
    GPA_UNUSED(a); GPA_UNUSED(c);
    return PyFloat_FromDouble(100.0);
}

PyGetSetDef gpa_array_getset[] = {
    {"shape", (getter)get_shape, (setter)set_shape, "tuple of dimensions",
     NULL},
    {"strides", (getter)get_strides, NULL, "tuple of byte steps", NULL},
    {"ndim", (getter)get_ndim, NULL, "number of dimensions", NULL},
    {"size", (getter)get_size, NULL, "number of elements", NULL},
    {"itemsize", (getter)get_itemsize, NULL, "bytes per element", NULL},
    {"nbytes", (getter)get_nbytes, NULL, "bytes of all elements", NULL},
    {"dtype", (getter)get_dtype, (setter)set_dtype, "NumPy dtype of the elements", NULL},
    {"base", (getter)get_base, NULL, "array whose memory this views", NULL},
    {"flags", (getter)get_flags, NULL, "memory layout flags", NULL},
    {"device", (getter)get_device, NULL, "the device holding the data",
     NULL},
    {"data", (getter)get_data, NULL, "pointer to the first element", NULL},
    {"T", (getter)get_T, NULL, "transposed view", NULL},
    {"mT", (getter)get_mT, NULL, "matrix-transposed view", NULL},
    {"__array_priority__", (getter)get_array_priority, NULL, NULL, NULL},
    {"__cuda_array_interface__", (getter)gpa_array_get_cai, NULL,
     "CUDA array interface, version 3", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
