/* views.c - methods that return views without copying when they can:
 * reshape, ravel, flatten, transpose, swapaxes, squeeze, view.
 */
#include "array/array_methods.h"
#include "array/views.h"
#include "ops/copy.h"
#include "util.h"

/* Note [No-copy reshape]: walk the old and new shapes together, pairing
 * runs of axes with equal products; a run of old axes can be reshaped in
 * place only if it is contiguous within itself (in the reshape's order),
 * and then the new axes of the run get strides derived from the run's
 * innermost (C) or outermost (F) stride.  Size-1 old axes are dropped
 * first since their strides are meaningless. */
int gpa_reshape_strides(const gpa_array *a, int nd, const Py_ssize_t *shape,
                        int fortran, Py_ssize_t *strides)
{
    Py_ssize_t odims[GPA_MAXDIMS], ostr[GPA_MAXDIMS];
    Py_ssize_t item = gpa_itemsize(a);
    int ond = 0;
    if (a->size == 0 || nd == 0) {
        gpa_fill_strides(nd, shape, item, fortran, strides);
        return 1;
    }
    for (int i = 0; i < a->nd; i++) {
        if (a->shape[i] != 1) {
            odims[ond] = a->shape[i];
            ostr[ond++] = a->strides[i];
        }
    }
    int oi = 0, ni = 0;
    while (ni < nd && oi < ond) {
        Py_ssize_t np_ = shape[ni], op = odims[oi];
        int nj = ni + 1, oj = oi + 1;
        while (np_ != op) {
            if (np_ < op) {
                if (nj >= nd)
                    return 0;
                np_ *= shape[nj++];
            } else {
                if (oj >= ond)
                    return 0;
                op *= odims[oj++];
            }
        }
        for (int ok = oi; ok < oj - 1; ok++) {
            if (fortran ? ostr[ok + 1] != odims[ok] * ostr[ok]
                        : ostr[ok] != odims[ok + 1] * ostr[ok + 1])
                return 0;
        }
        if (fortran) {
            strides[ni] = ostr[oi];
            for (int nk = ni + 1; nk < nj; nk++)
                strides[nk] = strides[nk - 1] * shape[nk - 1];
        } else {
            strides[nj - 1] = ostr[oj - 1];
            for (int nk = nj - 1; nk > ni; nk--)
                strides[nk - 1] = strides[nk] * shape[nk];
        }
        ni = nj;
        oi = oj;
    }
    /* trailing new axes are all of length 1 */
    for (; ni < nd; ni++)
        strides[ni] = item;
    return 1;
}

/* Reads reshape's shape from args (`reshape(2, 3)` or `reshape((2, 3))`)
 * and resolves one -1.  Returns nd or -1. */
static int parse_new_shape(gpa_array *a, PyObject *args, Py_ssize_t *dims)
{
    int nd;
    if (PyTuple_GET_SIZE(args) == 1)
        nd = gpa_parse_shape(PyTuple_GET_ITEM(args, 0), dims);
    else
        nd = gpa_parse_shape(args, dims);
    if (nd < 0)
        return -1;
    int unknown = -1;
    Py_ssize_t known = 1;
    for (int i = 0; i < nd; i++) {
        if (dims[i] == -1) {
            if (unknown >= 0) {
                PyErr_SetString(PyExc_ValueError,
                                "can only specify one unknown dimension");
                return -1;
            }
            unknown = i;
        } else if (dims[i] < 0) {
            PyErr_SetString(PyExc_ValueError,
                            "negative dimensions not allowed");
            return -1;
        } else {
            known *= dims[i];
        }
    }
    if (unknown >= 0) {
        if (known == 0 || a->size % known != 0)
            goto mismatch;
        dims[unknown] = a->size / known;
    } else if (known != a->size) {
        goto mismatch;
    }
    return nd;
mismatch:;
    PyObject *t = PyTuple_New(nd);
    if (t == NULL)
        return -1;
    for (int i = 0; i < nd; i++)
        PyTuple_SET_ITEM(t, i, PyLong_FromSsize_t(dims[i]));
    PyErr_Format(PyExc_ValueError, "cannot reshape array of size %zd into "
                 "shape %R", a->size, t);
    Py_DECREF(t);
    return -1;
}

PyObject *gpa_reshape(gpa_array *a, int nd, const Py_ssize_t *dims,
                      char order)
{
    Py_ssize_t strides[GPA_MAXDIMS];
    if (order == 'A')
        order = (a->flags & GPA_F_CONTIGUOUS) &&
                !(a->flags & GPA_C_CONTIGUOUS) ? 'F' : 'C';
    int fortran = order == 'F';
    if (gpa_reshape_strides(a, nd, dims, fortran, strides))
        return (PyObject *)gpa_array_view_of(a, NULL, nd, dims, strides,
                                             a->data);
    gpa_array *c = gpa_array_copy(a, NULL, order);
    if (c == NULL)
        return NULL;
    gpa_fill_strides(nd, dims, gpa_itemsize(c), fortran, strides);
    PyObject *r = (PyObject *)gpa_array_view_of(c, NULL, nd, dims, strides,
                                                c->data);
    Py_DECREF(c);
    return r;
}

static PyObject *array_reshape(gpa_array *a, PyObject *args, PyObject *kw)
{
    Py_ssize_t dims[GPA_MAXDIMS];
    char order = 'C';
    PyObject *order_obj = NULL, *copy_obj = NULL;
    if (kw != NULL) {
        order_obj = PyDict_GetItemString(kw, "order");
        copy_obj = PyDict_GetItemString(kw, "copy");
        Py_ssize_t nkw = PyDict_Size(kw) - (order_obj != NULL) -
                         (copy_obj != NULL);
        if (nkw > 0) {
            PyErr_SetString(PyExc_TypeError,
                            "reshape() got an unexpected keyword argument");
            return NULL;
        }
    }
    if (gpa_parse_order(order_obj, "CFA", 'C', &order) < 0)
        return NULL;
    if (PyTuple_GET_SIZE(args) == 0) {
        PyErr_SetString(PyExc_TypeError,
                        "reshape() missing required argument 'shape'");
        return NULL;
    }
    int nd = parse_new_shape(a, args, dims);
    if (nd < 0)
        return NULL;
    if (copy_obj != NULL && copy_obj != Py_None) {
        int copy = PyObject_IsTrue(copy_obj);
        if (copy < 0)
            return NULL;
        if (copy) {
            gpa_array *c = gpa_array_copy(a, NULL, order == 'F' ? 'F' : 'C');
            if (c == NULL)
                return NULL;
            PyObject *r = gpa_reshape(c, nd, dims, order);
            Py_DECREF(c);
            return r;
        }
        Py_ssize_t strides[GPA_MAXDIMS];
        if (!gpa_reshape_strides(a, nd, dims, order == 'F', strides)) {
            PyErr_SetString(PyExc_ValueError,
                            "Unable to avoid creating a copy while "
                            "reshaping.");
            return NULL;
        }
    }
    return gpa_reshape(a, nd, dims, order);
}

PyObject *gpa_transpose(gpa_array *a, const int *perm)
{
    Py_ssize_t shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    for (int i = 0; i < a->nd; i++) {
        shape[i] = a->shape[perm[i]];
        strides[i] = a->strides[perm[i]];
    }
    return (PyObject *)gpa_array_view_of(a, NULL, a->nd, shape, strides,
                                         a->data);
}

static PyObject *array_transpose(gpa_array *a, PyObject *args)
{
    int perm[GPA_MAXDIMS];
    char seen[GPA_MAXDIMS] = {0};
    PyObject *axes = args;
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    if (n == 0 || (n == 1 && PyTuple_GET_ITEM(args, 0) == Py_None)) {
        for (int i = 0; i < a->nd; i++)
            perm[i] = a->nd - 1 - i;
        return gpa_transpose(a, perm);
    }
    if (n == 1 && !PyIndex_Check(PyTuple_GET_ITEM(args, 0)))
        axes = PyTuple_GET_ITEM(args, 0);
    PyObject *seq = PySequence_Fast(axes, "axes must be a sequence");
    if (seq == NULL)
        return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != a->nd) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "axes don't match array");
        return NULL;
    }
    for (int i = 0; i < a->nd; i++) {
        Py_ssize_t ax = PyNumber_AsSsize_t(PySequence_Fast_GET_ITEM(seq, i),
                                           PyExc_IndexError);
        if ((ax == -1 && PyErr_Occurred()) ||
            gpa_normalize_axis(&ax, a->nd) < 0) {
            Py_DECREF(seq);
            return NULL;
        }
        if (seen[ax]) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "repeated axis in transpose");
            return NULL;
        }
        seen[ax] = 1;
        perm[i] = (int)ax;
    }
    Py_DECREF(seq);
    return gpa_transpose(a, perm);
}

static PyObject *array_swapaxes(gpa_array *a, PyObject *args)
{
    Py_ssize_t a1, a2;
    int perm[GPA_MAXDIMS];
    if (!PyArg_ParseTuple(args, "nn:swapaxes", &a1, &a2))
        return NULL;
    if (gpa_normalize_axis(&a1, a->nd) < 0 ||
        gpa_normalize_axis(&a2, a->nd) < 0)
        return NULL;
    for (int i = 0; i < a->nd; i++)
        perm[i] = i;
    perm[a1] = (int)a2;
    perm[a2] = (int)a1;
    return gpa_transpose(a, perm);
}

static PyObject *array_squeeze(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"axis", NULL};
    PyObject *axis = Py_None;
    char mask[GPA_MAXDIMS];
    Py_ssize_t shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:squeeze", kwlist, &axis))
        return NULL;
    if (gpa_parse_axes(axis, a->nd, mask) < 0)
        return NULL;
    int nd = 0;
    for (int i = 0; i < a->nd; i++) {
        if (mask[i] && a->shape[i] == 1)
            continue;
        if (mask[i] && axis != Py_None) {
            PyErr_SetString(PyExc_ValueError,
                            "cannot select an axis to squeeze out which has "
                            "size not equal to one");
            return NULL;
        }
        shape[nd] = a->shape[i];
        strides[nd++] = a->strides[i];
    }
    return (PyObject *)gpa_array_view_of(a, NULL, nd, shape, strides,
                                         a->data);
}

static PyObject *array_ravel(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"order", NULL};
    PyObject *order_obj = NULL;
    char order;
    Py_ssize_t n = a->size;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:ravel", kwlist,
                                     &order_obj))
        return NULL;
    if (gpa_parse_order(order_obj, "CFAK", 'C', &order) < 0)
        return NULL;
    if (order == 'K')
        order = (a->flags & GPA_F_CONTIGUOUS) &&
                !(a->flags & GPA_C_CONTIGUOUS) ? 'F' : 'C';
    return gpa_reshape(a, 1, &n, order);
}

static PyObject *array_flatten(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"order", NULL};
    PyObject *order_obj = NULL;
    char order;
    Py_ssize_t n = a->size;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:flatten", kwlist,
                                     &order_obj))
        return NULL;
    if (gpa_parse_order(order_obj, "CFAK", 'C', &order) < 0)
        return NULL;
    if (order == 'A' || order == 'K')
        order = (a->flags & GPA_F_CONTIGUOUS) &&
                !(a->flags & GPA_C_CONTIGUOUS) ? 'F' : 'C';
    gpa_array *c = gpa_array_copy(a, NULL, order);
    if (c == NULL)
        return NULL;
    PyObject *r = gpa_reshape(c, 1, &n, order);
    Py_DECREF(c);
    return r;
}

/* a.view(dtype): reinterpret the bytes; the last axis absorbs an itemsize
 * change and must then be contiguous (NumPy's rule). */
static PyObject *array_view(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"dtype", "type", NULL};
    PyObject *dtype_obj = Py_None, *type_obj = Py_None;
    Py_ssize_t shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO:view", kwlist,
                                     &dtype_obj, &type_obj))
        return NULL;
    if (dtype_obj == Py_None)
        return (PyObject *)gpa_array_view_of(a, NULL, a->nd, a->shape,
                                             a->strides, a->data);
    PyArray_Descr *d = gpa_descr_from_obj(dtype_obj);
    if (d == NULL)
        return NULL;
    Py_ssize_t old = gpa_itemsize(a), new_ = PyDataType_ELSIZE(d);
    memcpy(shape, a->shape, (size_t)a->nd * sizeof(Py_ssize_t));
    memcpy(strides, a->strides, (size_t)a->nd * sizeof(Py_ssize_t));
    if (old != new_) {
        int last = a->nd - 1;
        if (a->nd == 0) {
            Py_DECREF(d);
            PyErr_SetString(PyExc_ValueError,
                            "Changing the dtype of a 0d array is only "
                            "supported if the itemsize is unchanged");
            return NULL;
        }
        if (a->shape[last] != 1 && a->strides[last] != old) {
            Py_DECREF(d);
            PyErr_SetString(PyExc_ValueError,
                            "To change to a dtype of a different size, the "
                            "last axis must be contiguous");
            return NULL;
        }
        Py_ssize_t bytes = a->shape[last] * old;
        if (bytes % new_ != 0) {
            Py_DECREF(d);
            PyErr_SetString(PyExc_ValueError,
                            new_ > old
                                ? "When changing to a larger dtype, its size "
                                  "must be a divisor of the total size in "
                                  "bytes of the last axis of the array."
                                : "When changing to a smaller dtype, its "
                                  "size must be a divisor of the size of "
                                  "original dtype");
            return NULL;
        }
        shape[last] = bytes / new_;
        strides[last] = new_;
    }
    return (PyObject *)gpa_array_view_of(a, d, a->nd, shape, strides,
                                         a->data);
}

/* Used by `a.shape = ...`: the reshaped view, or None if a copy would be
 * needed. */
static PyObject *array_reshape_view(gpa_array *a, PyObject *arg)
{
    Py_ssize_t dims[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    PyObject *args = PyTuple_Pack(1, arg);
    if (args == NULL)
        return NULL;
    int nd = parse_new_shape(a, args, dims);
    Py_DECREF(args);
    if (nd < 0)
        return NULL;
    if (!gpa_reshape_strides(a, nd, dims, 0, strides))
        Py_RETURN_NONE;
    return (PyObject *)gpa_array_view_of(a, NULL, nd, dims, strides,
                                         a->data);
}

PyMethodDef gpa_array_methods_views[] = {
    {"reshape", (PyCFunction)(void (*)(void))array_reshape,
     METH_VARARGS | METH_KEYWORDS, "a view (or copy) with another shape"},
    {"transpose", (PyCFunction)array_transpose, METH_VARARGS,
     "a view with axes permuted"},
    {"swapaxes", (PyCFunction)array_swapaxes, METH_VARARGS,
     "a view with two axes interchanged"},
    {"squeeze", (PyCFunction)(void (*)(void))array_squeeze,
     METH_VARARGS | METH_KEYWORDS, "a view without length-1 axes"},
    {"ravel", (PyCFunction)(void (*)(void))array_ravel,
     METH_VARARGS | METH_KEYWORDS, "a flattened view (or copy)"},
    {"flatten", (PyCFunction)(void (*)(void))array_flatten,
     METH_VARARGS | METH_KEYWORDS, "a flattened copy"},
    {"view", (PyCFunction)(void (*)(void))array_view,
     METH_VARARGS | METH_KEYWORDS, "the same memory as another dtype"},
    {"_reshape_view", (PyCFunction)array_reshape_view, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

/* _core._as_strided(a, shape, strides, offset, writeable): a view of a's
 * memory with any shape and byte strides (broadcast_to, sliding windows).
 * The caller guarantees the view stays inside a's memory. */
PyObject *gpa_py_as_strided(PyObject *self, PyObject *args)
{
    gpa_array *a;
    PyObject *shape_obj, *strides_obj;
    Py_ssize_t offset, shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    int writeable;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!OOnp:_as_strided", gpa_array_type, &a,
                          &shape_obj, &strides_obj, &offset, &writeable))
        return NULL;
    int nd = gpa_parse_shape(shape_obj, shape);
    if (nd < 0)
        return NULL;
    int nd2 = gpa_parse_shape(strides_obj, strides);
    if (nd2 < 0)
        return NULL;
    if (nd2 != nd) {
        PyErr_SetString(PyExc_ValueError, "shape and strides differ in "
                                          "length");
        return NULL;
    }
    gpa_array *v = gpa_array_view_of(a, NULL, nd, shape, strides,
                                     a->data + offset);
    if (v != NULL && !writeable)
        v->flags &= ~GPA_WRITEABLE;
    return (PyObject *)v;
}
