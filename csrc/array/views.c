/* views.c - methods that return views without copying when they can:
 * reshape, ravel, flatten, transpose, swapaxes, squeeze, view.
 */
#include "array/array_methods.h"
#include "array/views.h"
#include "ops/copy.h"
#include "util.h"

/* Note [No-copy reshape]: NumPy's rules (PyArray_Newshape and
 * _attempt_nocopy_reshape), so that strides match NumPy's exactly:
 *   - the same shape: a view with the same strides;
 *   - an array contiguous in the reshape's order: that order's strides
 *     (a length-0 axis counts as length 1, as in NumPy);
 *   - otherwise walk the old and new shapes together, pairing runs of axes
 *     with equal products; a run of old axes can be reshaped in place only
 *     if it is contiguous within itself (in the reshape's order), and then
 *     the new axes of the run get strides derived from the run's innermost
 *     (C) or outermost (F) stride.  Size-1 old axes are dropped first since
 *     their strides are meaningless; trailing size-1 new axes take the last
 *     stride (C) or the last stride times the last length (F). */
static int nocopy_strides(const gpa_array *a, int nd, const Py_ssize_t *shape,
                          int fortran, Py_ssize_t *strides)
{
    Py_ssize_t odims[GPA_MAXDIMS], ostr[GPA_MAXDIMS];
    int ond = 0;
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
    Py_ssize_t last = ni >= 1 ? strides[ni - 1] : gpa_itemsize(a);
    if (fortran && ni >= 1)
        last *= shape[ni - 1];
    for (; ni < nd; ni++)
        strides[ni] = last;
    return 1;
}

int gpa_reshape_strides(const gpa_array *a, int nd, const Py_ssize_t *shape,
                        int fortran, Py_ssize_t *strides)
{
    if (a->flags & (fortran ? GPA_F_CONTIGUOUS : GPA_C_CONTIGUOUS)) {
        /* NumPy fills C strides for a result of ndim <= 1 whatever the
         * order; for those both orders give the same strides anyway. */
        gpa_fill_strides(nd, shape, gpa_itemsize(a), fortran && nd > 1,
                         strides);
        return 1;
    }
    return nocopy_strides(a, nd, shape, fortran, strides);
}

/* Reads reshape's shape from args (`reshape(2, 3)` or `reshape((2, 3))`)
 * and resolves one -1.  Returns nd or -1.  *same: 1 when the shape asked
 * for is literally a's (no -1), which NumPy answers with a plain view
 * keeping a's strides. */
static int parse_new_shape(gpa_array *a, PyObject *args, Py_ssize_t *dims,
                           int *same)
{
    int nd;
    if (PyTuple_GET_SIZE(args) == 1 && PyTuple_GET_ITEM(args, 0) == Py_None) {
        /* NumPy: reshape(None) keeps the shape (a plain view) */
        for (int i = 0; i < a->nd; i++)
            dims[i] = a->shape[i];
        *same = 1;
        return a->nd;
    }
    if (PyTuple_GET_SIZE(args) == 1)
        nd = gpa_parse_shape(PyTuple_GET_ITEM(args, 0), dims);
    else
        nd = gpa_parse_shape(args, dims);
    if (nd < 0)
        return -1;
    int unknown = -1;
    Py_ssize_t known = 1;
    for (int i = 0; i < nd; i++) {
        if (dims[i] < 0) {
            /* any negative length is "unknown", as in NumPy 2 */
            if (unknown >= 0) {
                PyErr_SetString(PyExc_ValueError,
                                "can only specify one unknown dimension");
                return -1;
            }
            unknown = i;
        } else {
            known *= dims[i];
        }
    }
    *same = unknown < 0 && nd == a->nd;
    for (int i = 0; i < nd && *same; i++)
        *same = dims[i] == a->shape[i];
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
    if (gpa_parse_order(order_obj, "CFAK", 'C', &order) < 0)
        return NULL;
    if (copy_obj != NULL && PyUnicode_Check(copy_obj)) {
        /* NumPy 2's copy converter: bool("False") would read as True */
        PyErr_SetString(PyExc_ValueError,
                        "strings are not allowed for 'copy' keyword. Use "
                        "True/False/None instead.");
        return NULL;
    }
    if (order == 'K') {
        PyErr_SetString(PyExc_ValueError,
                        "order 'K' is not permitted for reshaping");
        return NULL;
    }
    if (PyTuple_GET_SIZE(args) == 0) {
        PyErr_SetString(PyExc_TypeError,
                        "reshape() missing required argument 'shape'");
        return NULL;
    }
    if (order == 'A')
        order = (a->flags & GPA_F_CONTIGUOUS) &&
                !(a->flags & GPA_C_CONTIGUOUS) ? 'F' : 'C';
    int same;
    int nd = parse_new_shape(a, args, dims, &same);
    if (nd < 0)
        return NULL;
    int copy = -1; /* None: copy when needed */
    if (copy_obj != NULL && copy_obj != Py_None &&
        (copy = PyObject_IsTrue(copy_obj)) < 0)
        return NULL;
    if (same && copy != 1)
        return (PyObject *)gpa_array_view_of(a, NULL, a->nd, a->shape,
                                             a->strides, a->data);
    if (copy == 1) {
        gpa_array *c = gpa_array_copy(a, NULL, order == 'F' ? 'F' : 'C');
        if (c == NULL)
            return NULL;
        PyObject *r = gpa_reshape(c, nd, dims, order);
        Py_DECREF(c);
        return r;
    }
    if (copy == 0) {
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

/* transpose's one argument is the whole axes sequence unless it is one
 * integer (a 1-d integer array has __index__ too, but is a sequence). */
static int is_axes_sequence(PyObject *o)
{
    if (PyArray_Check(o))
        return PyArray_NDIM((PyArrayObject *)o) > 0;
    if (gpa_array_check(o))
        return ((gpa_array *)o)->nd > 0;
    return !PyIndex_Check(o);
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
    if (n == 1 && is_axes_sequence(PyTuple_GET_ITEM(args, 0)))
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
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (PyBool_Check(item)) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_TypeError, "an integer is required");
            return NULL;
        }
        Py_ssize_t ax = PyNumber_AsSsize_t(item, PyExc_IndexError);
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
    if (a->nd == 0 && PyIndex_Check(axis)) {
        /* NumPy lets a 0-d array squeeze "axis" 0 or -1 (itself) */
        Py_ssize_t v = PyNumber_AsSsize_t(axis, PyExc_OverflowError);
        if (v == -1 && PyErr_Occurred())
            return NULL;
        if (v == 0 || v == -1)
            return Py_NewRef(a);
    }
    if (PyList_Check(axis)) {
        /* NumPy takes an int or a tuple here, not a list */
        PyErr_SetString(PyExc_TypeError,
                        "'list' object cannot be interpreted as an integer");
        return NULL;
    }
    if (gpa_parse_axes(axis, a->nd, mask) < 0)
        return NULL;
    if (axis == Py_None) {
        /* NumPy returns the array itself when no axis has length 1 */
        int any = 0;
        for (int i = 0; i < a->nd; i++)
            any |= a->shape[i] == 1;
        if (!any)
            return Py_NewRef(a);
    }
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

/* Resolves 'A' (F when F- and not C-contiguous) and, for ravel, 'K' of
 * an array contiguous in C or F order. */
static char resolve_flat_order(const gpa_array *a, char order)
{
    int c = (a->flags & GPA_C_CONTIGUOUS) != 0;
    int f = (a->flags & GPA_F_CONTIGUOUS) != 0;
    if (order == 'A')
        return f && !c ? 'F' : 'C';
    if (order == 'K' && c)
        return 'C';
    if (order == 'K' && f)
        return 'F';
    return order;
}

/* ravel: NumPy's PyArray_Ravel.  A view when a is contiguous in the order
 * asked for (for 'K': in some order of its axes, all strides positive),
 * else a new array owning its memory. */
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
    order = resolve_flat_order(a, order);
    if ((order == 'C' && (a->flags & GPA_C_CONTIGUOUS)) ||
        (order == 'F' && (a->flags & GPA_F_CONTIGUOUS)))
        return gpa_reshape(a, 1, &n, order);
    if (order == 'K') {
        /* axes by decreasing |stride| (stable), innermost first */
        int perm[GPA_MAXDIMS];
        for (int i = 0; i < a->nd; i++)
            perm[i] = i;
        for (int i = 1; i < a->nd; i++) {
            int p = perm[i], j = i;
            Py_ssize_t sp = a->strides[p] < 0 ? -a->strides[p]
                                              : a->strides[p];
            while (j > 0) {
                Py_ssize_t sq = a->strides[perm[j - 1]];
                if ((sq < 0 ? -sq : sq) >= sp)
                    break;
                perm[j] = perm[j - 1];
                j--;
            }
            perm[j] = p;
        }
        Py_ssize_t stride = gpa_itemsize(a);
        int i;
        for (i = a->nd - 1; i >= 0; i--) {
            if (a->shape[perm[i]] == 1)
                continue;
            if (a->strides[perm[i]] != stride)
                break;
            stride *= a->shape[perm[i]];
        }
        if (i < 0) {
            stride = gpa_itemsize(a);
            return (PyObject *)gpa_array_view_of(a, NULL, 1, &n, &stride,
                                                 a->data);
        }
    }
    return (PyObject *)gpa_array_flatten(a, order);
}

static PyObject *array_flatten(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"order", NULL};
    PyObject *order_obj = NULL;
    char order;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:flatten", kwlist,
                                     &order_obj))
        return NULL;
    if (gpa_parse_order(order_obj, "CFAK", 'C', &order) < 0)
        return NULL;
    if (order == 'A')
        order = resolve_flat_order(a, order);
    return (PyObject *)gpa_array_flatten(a, order);
}

/* view(type=...) must name ndarray or a subclass (NumPy's rule). */
static int is_array_type(PyObject *o)
{
    return PyType_Check(o) &&
           PyType_IsSubtype((PyTypeObject *)o, gpa_array_type);
}

/* The shape and strides of `a` read as dtype `d` (itemsize new_): the last
 * axis absorbs an itemsize change and must then be contiguous (NumPy's
 * rule).  -1 with ValueError when it can't. */
static int view_layout(gpa_array *a, Py_ssize_t new_, Py_ssize_t *shape,
                       Py_ssize_t *strides)
{
    Py_ssize_t old = gpa_itemsize(a);
    memcpy(shape, a->shape, (size_t)a->nd * sizeof(Py_ssize_t));
    memcpy(strides, a->strides, (size_t)a->nd * sizeof(Py_ssize_t));
    if (old == new_)
        return 0;
    int last = a->nd - 1;
    const char *msg = NULL;
    if (a->nd == 0)
        msg = "Changing the dtype of a 0d array is only supported if the "
              "itemsize is unchanged";
    else if (a->shape[last] != 1 && a->size != 0 && a->strides[last] != old)
        msg = "To change to a dtype of a different size, the last axis "
              "must be contiguous";
    else if ((a->shape[last] * old) % new_ != 0)
        msg = new_ > old ? "When changing to a larger dtype, its size must "
                           "be a divisor of the total size in bytes of the "
                           "last axis of the array."
                         : "When changing to a smaller dtype, its size must "
                           "be a divisor of the size of original dtype";
    if (msg != NULL) {
        PyErr_SetString(PyExc_ValueError, msg);
        return -1;
    }
    shape[last] = a->shape[last] * old / new_;
    strides[last] = new_;
    return 0;
}

/* a.view(dtype=None, type=None): reinterpret the bytes and/or the Python
 * type.  As in NumPy, a first positional argument that is an ndarray
 * subclass is taken as `type`. */
static PyObject *array_view(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"dtype", "type", NULL};
    PyObject *dtype_obj = Py_None, *type_obj = Py_None;
    Py_ssize_t shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO:view", kwlist,
                                     &dtype_obj, &type_obj))
        return NULL;
    if (type_obj == Py_None && is_array_type(dtype_obj)) {
        type_obj = dtype_obj;
        dtype_obj = Py_None;
    }
    if (type_obj != Py_None && !is_array_type(type_obj)) {
        PyErr_SetString(PyExc_ValueError,
                        "Type must be a sub-type of ndarray type");
        return NULL;
    }
    PyArray_Descr *d = NULL;        /* NULL: keep a's dtype */
    if (dtype_obj != Py_None) {
        d = gpa_descr_from_obj(dtype_obj);
        if (d == NULL)
            return NULL;
    }
    if (view_layout(a, d ? PyDataType_ELSIZE(d) : gpa_itemsize(a), shape,
                    strides) < 0) {
        Py_XDECREF(d);
        return NULL;
    }
    gpa_array *r = gpa_array_view_of(a, d, a->nd, shape, strides, a->data);
    if (r == NULL || type_obj == Py_None)
        return (PyObject *)r;
    /* the same view under another type; r keeps the base alive meanwhile */
    Py_INCREF(r->descr);            /* gpa_array_new_view steals it */
    gpa_array *t = gpa_array_new_view((PyTypeObject *)type_obj, r->mem,
                                      r->descr, r->nd, r->shape, r->strides,
                                      r->data, r->base,
                                      r->flags & GPA_WRITEABLE);
    Py_DECREF(r);
    if (t != NULL && gpa_array_finalize(t, (PyObject *)a) < 0)
        Py_CLEAR(t);
    return (PyObject *)t;
}

/* Used by `a.shape = ...`: the reshaped view, or None if a copy would be
 * needed. */
static PyObject *array_reshape_view(gpa_array *a, PyObject *arg)
{
    Py_ssize_t dims[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    PyObject *args = PyTuple_Pack(1, arg);
    if (args == NULL)
        return NULL;
    int same;
    int nd = parse_new_shape(a, args, dims, &same);
    Py_DECREF(args);
    if (nd < 0)
        return NULL;
    if (same)
        memcpy(strides, a->strides, (size_t)nd * sizeof(Py_ssize_t));
    else if (!gpa_reshape_strides(a, nd, dims, 0, strides))
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

/* _core._as_strided(a, shape, strides, offset, writeable[, dtype]): a view
 * of a's memory with any shape and byte strides (broadcast_to, sliding
 * windows), read as `dtype` if given (getfield).  The caller guarantees
 * the view stays inside a's memory. */
PyObject *gpa_py_as_strided(PyObject *self, PyObject *args)
{
    gpa_array *a;
    PyObject *shape_obj, *strides_obj, *dtype_obj = Py_None;
    Py_ssize_t offset, shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    int writeable;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!OOnp|O:_as_strided", gpa_array_type, &a,
                          &shape_obj, &strides_obj, &offset, &writeable,
                          &dtype_obj))
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
    PyArray_Descr *d = NULL;        /* NULL: a's dtype */
    if (dtype_obj != Py_None && (d = gpa_descr_from_obj(dtype_obj)) == NULL)
        return NULL;
    /* steals d */
    gpa_array *v = gpa_array_view_of(a, d, nd, shape, strides,
                                     a->data + offset);
    if (v != NULL && !writeable)
        v->flags &= ~GPA_WRITEABLE;
    return (PyObject *)v;
}

/* _core._set_writeable(a, flag): a.flags.writeable = flag, NumPy's rule:
 * True only where the memory may be written (a owns it, or a views an
 * array that is writeable). */
PyObject *gpa_py_set_writeable(PyObject *self, PyObject *args)
{
    gpa_array *a;
    int flag;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!p:_set_writeable", gpa_array_type, &a,
                          &flag))
        return NULL;
    if (!flag) {
        a->flags &= ~GPA_WRITEABLE;
        Py_RETURN_NONE;
    }
    int allowed = (a->flags & GPA_OWNDATA) ||
                  (a->base != NULL &&
                   PyObject_TypeCheck(a->base, gpa_array_type) &&
                   (((gpa_array *)a->base)->flags & GPA_WRITEABLE));
    if (!allowed) {
        PyErr_SetString(PyExc_ValueError,
                        "cannot set WRITEABLE flag to True of this array");
        return NULL;
    }
    a->flags |= GPA_WRITEABLE;
    Py_RETURN_NONE;
}

/* _core._plain_strides(a, fortran): give an empty array that owns its
 * memory the ordinary C (or F) strides of its shape, lengths of 0
 * counted as 1, in place of the zeros of a new empty array: the strides
 * NumPy's unpickling gives.  Nothing to move: there are no elements. */
PyObject *gpa_py_plain_strides(PyObject *self, PyObject *args)
{
    gpa_array *a;
    int fortran;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!p:_plain_strides", gpa_array_type, &a,
                          &fortran))
        return NULL;
    if (a->size != 0 || !(a->flags & GPA_OWNDATA)) {
        PyErr_SetString(PyExc_ValueError,
                        "_plain_strides: only for an empty array that owns "
                        "its memory");
        return NULL;
    }
    gpa_fill_strides(a->nd, a->shape, gpa_itemsize(a), fortran, a->strides);
    gpa_array_update_flags(a);
    Py_RETURN_NONE;
}
