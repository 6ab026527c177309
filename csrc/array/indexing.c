/* indexing.c - basic indexing: integers, slices (any step), None and
 * Ellipsis give views; __setitem__ writes through such a view.
 *
 * A full integer index gives a 0-d array, not a NumPy scalar, as in CuPy:
 * the value stays on the device and no synchronisation happens.
 * A key holding an integer or boolean array, a list or a boolean scalar
 * is advanced indexing: it goes to the Python hooks "getitem_advanced" /
 * "setitem_advanced" (Note [Advanced indexing] in gpuarray/_indexing.py).
 */
#include "array/array_methods.h"
#include "array/convert.h"
#include "ops/copy.h"
#include "hooks.h"
#include "util.h"

enum { IDX_INT, IDX_SLICE, IDX_NEWAXIS, IDX_ELLIPSIS };

typedef struct {
    int kind;
    Py_ssize_t value; /* IDX_INT */
    PyObject *slice;  /* IDX_SLICE, borrowed */
} index_item;

static int classify(PyObject *obj, index_item *it)
{
    if (obj == Py_None) {
        it->kind = IDX_NEWAXIS;
        return 0;
    }
    if (obj == Py_Ellipsis) {
        it->kind = IDX_ELLIPSIS;
        return 0;
    }
    if (PySlice_Check(obj)) {
        it->kind = IDX_SLICE;
        it->slice = obj;
        return 0;
    }
    if (PyBool_Check(obj) || PyArray_IsScalar(obj, Bool)) {
        PyErr_SetString(PyExc_IndexError,
                        "a boolean scalar is an advanced index");
        return -1;
    }
    if (PyLong_Check(obj) || PyArray_IsScalar(obj, Integer) ||
        (gpa_array_check(obj) && ((gpa_array *)obj)->nd == 0 &&
         PyTypeNum_ISINTEGER(gpa_type_num((gpa_array *)obj))) ||
        (PyArray_Check(obj) && PyArray_NDIM((PyArrayObject *)obj) == 0 &&
         PyTypeNum_ISINTEGER(PyArray_TYPE((PyArrayObject *)obj)))) {
        it->kind = IDX_INT;
        it->value = gpa_index_value(obj);
        if (it->value == -1 && PyErr_Occurred())
            return -1;
        return 0;
    }
    PyErr_SetString(PyExc_IndexError,
                    "only integers, slices (`:`), ellipsis (`...`), "
                    "numpy.newaxis (`None`) and integer or boolean arrays "
                    "are valid indices");
    return -1;
}

/* Whether one key entry makes the key advanced (Note [Advanced
 * indexing]): arrays other than 0-d integer ones, lists, booleans. */
static int is_advanced_entry(PyObject *obj)
{
    if (PyBool_Check(obj) || PyArray_IsScalar(obj, Bool) ||
        PyList_Check(obj))
        return 1;
    if (gpa_array_check(obj))
        return ((gpa_array *)obj)->nd != 0 ||
               !PyTypeNum_ISINTEGER(gpa_type_num((gpa_array *)obj));
    if (PyArray_Check(obj))
        return PyArray_NDIM((PyArrayObject *)obj) != 0 ||
               !PyTypeNum_ISINTEGER(PyArray_TYPE((PyArrayObject *)obj));
    return 0;
}

/* A 0-d integer array indexes like an integer, but NumPy still treats it
 * as an array index: a[np.array(1)] is a copy, never a view. */
static int is_0d_array(PyObject *obj)
{
    return (gpa_array_check(obj) && ((gpa_array *)obj)->nd == 0) ||
           (PyArray_Check(obj) && PyArray_NDIM((PyArrayObject *)obj) == 0);
}

static int has_0d_array(PyObject *key)
{
    if (!PyTuple_Check(key))
        return is_0d_array(key);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(key); i++)
        if (is_0d_array(PyTuple_GET_ITEM(key, i)))
            return 1;
    return 0;
}

static int is_advanced(PyObject *key)
{
    if (!PyTuple_Check(key))
        return is_advanced_entry(key);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(key); i++)
        if (is_advanced_entry(PyTuple_GET_ITEM(key, i)))
            return 1;
    return 0;
}

/* New reference: the view a[key] for a basic index. */
static gpa_array *basic_view(gpa_array *a, PyObject *key)
{
    index_item items[2 * GPA_MAXDIMS + 2];
    Py_ssize_t shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    Py_ssize_t n;
    int consumed = 0, n_ellipsis = 0;
    PyObject *tuple = PyTuple_Check(key) ? key : NULL;

    n = tuple ? PyTuple_GET_SIZE(tuple) : 1;
    if (n > 2 * GPA_MAXDIMS + 1) {
        PyErr_SetString(PyExc_IndexError, "too many indices for array");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (classify(tuple ? PyTuple_GET_ITEM(tuple, i) : key, &items[i]) < 0)
            return NULL;
        if (items[i].kind == IDX_INT || items[i].kind == IDX_SLICE)
            consumed++;
        else if (items[i].kind == IDX_ELLIPSIS && ++n_ellipsis > 1) {
            PyErr_SetString(PyExc_IndexError,
                            "an index can only have a single ellipsis "
                            "('...')");
            return NULL;
        }
    }
    if (consumed > a->nd) {
        PyErr_Format(PyExc_IndexError,
                     "too many indices for array: array is "
                     "%d-dimensional, but %d were indexed", a->nd, consumed);
        return NULL;
    }

    char *data = a->data;
    int axis = 0, nd = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        index_item *it = &items[i];
        if (nd >= GPA_MAXDIMS && it->kind != IDX_INT) {
            PyErr_SetString(PyExc_IndexError,
                            "number of dimensions must be within limits");
            return NULL;
        }
        switch (it->kind) {
        case IDX_NEWAXIS:
            shape[nd] = 1;
            strides[nd++] = 0;
            break;
        case IDX_ELLIPSIS:
            for (int k = 0; k < a->nd - consumed; k++, axis++) {
                shape[nd] = a->shape[axis];
                strides[nd++] = a->strides[axis];
            }
            break;
        case IDX_INT: {
            Py_ssize_t v = it->value, len = a->shape[axis];
            if (v < -len || v >= len) {
                PyErr_Format(PyExc_IndexError,
                             "index %zd is out of bounds for axis %d with "
                             "size %zd", v, axis, len);
                return NULL;
            }
            if (v < 0)
                v += len;
            data += v * a->strides[axis];
            axis++;
            break;
        }
        case IDX_SLICE: {
            Py_ssize_t start, stop, step;
            if (PySlice_Unpack(it->slice, &start, &stop, &step) < 0)
                return NULL;
            Py_ssize_t len = PySlice_AdjustIndices(a->shape[axis], &start,
                                                   &stop, step);
            if (len > 0)
                data += start * a->strides[axis];
            shape[nd] = len;
            strides[nd++] = a->strides[axis] * step;
            axis++;
            break;
        }
        }
    }
    /* Axes not named by the index are taken whole. */
    for (; axis < a->nd; axis++) {
        shape[nd] = a->shape[axis];
        strides[nd++] = a->strides[axis];
    }
    return gpa_array_view_of(a, NULL, nd, shape, strides, data);
}

PyObject *gpa_array_subscript(gpa_array *a, PyObject *key)
{
    /* a field name (a['f0']) is a view the Python hook builds */
    if (is_advanced(key) || PyUnicode_Check(key)) {
        PyObject *args = PyTuple_Pack(1, key);
        if (args == NULL)
            return NULL;
        PyObject *r = gpa_hook_call("getitem_advanced", (PyObject *)a, args,
                                    NULL);
        Py_DECREF(args);
        return r;
    }
    gpa_array *view = basic_view(a, key);
    if (view == NULL || !has_0d_array(key))
        return (PyObject *)view;
    gpa_array *r = gpa_array_copy(view, NULL, 'K');
    Py_DECREF(view);
    return (PyObject *)r;
}

/* Whether key names one element by integers alone (a[i, j] with a's ndim
 * entries, or a[()] of a 0-d array): NumPy then stores value as one
 * scalar of a's dtype, so a sequence or an array of ndim > 0 is an error
 * there even where it would broadcast. */
static int is_element_key(gpa_array *a, PyObject *key)
{
    Py_ssize_t n = PyTuple_Check(key) ? PyTuple_GET_SIZE(key) : 1;
    if (n != a->nd)
        return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *k = PyTuple_Check(key) ? PyTuple_GET_ITEM(key, i) : key;
        if (!(PyLong_Check(k) || PyArray_IsScalar(k, Integer)) ||
            PyBool_Check(k))
            return 0;
    }
    return 1;
}

/* dst[...] = a nested list/tuple, converted by NumPy to dst's dtype with
 * NumPy's errors; a list nested deeper than dst is one (NumPy refuses to
 * drop its leading length-1 levels, unlike an array's). */
static int assign_sequence(gpa_array *dst, PyObject *value)
{
    Py_INCREF(dst->descr);
    gpa_array *src = gpa_array_from_host(dst->dev, value, dst->descr, 'K');
    if (src == NULL)
        return -1;
    int rc = -1;
    if (src->nd > dst->nd)
        PyErr_Format(PyExc_ValueError,
                     "setting an array element with a sequence. The "
                     "requested array would exceed the maximum number of "
                     "dimension of %d.", dst->nd);
    else
        rc = gpa_array_assign(dst, src);
    Py_DECREF(src);
    return rc;
}

int gpa_array_ass_subscript(gpa_array *a, PyObject *key, PyObject *value)
{
    if (value == NULL) {
        PyErr_SetString(PyExc_ValueError, "cannot delete array elements");
        return -1;
    }
    if (!(a->flags & GPA_WRITEABLE)) {
        PyErr_SetString(PyExc_ValueError, "assignment destination is "
                                          "read-only");
        return -1;
    }
    if (is_advanced(key) || PyUnicode_Check(key)) {
        PyObject *args = PyTuple_Pack(2, key, value);
        if (args == NULL)
            return -1;
        PyObject *r = gpa_hook_call("setitem_advanced", (PyObject *)a, args,
                                    NULL);
        Py_DECREF(args);
        Py_XDECREF(r);
        return r == NULL ? -1 : 0;
    }
    gpa_array *view = basic_view(a, key);
    if (view == NULL)
        return -1;
    int rc;
    if (is_element_key(a, key) && gpa_is_sequence_value(value)) {
        /* NumPy's scalar conversion decides (its error, or the value) */
        PyObject *scalar = gpa_element_value(view->descr, value);
        rc = scalar ? gpa_array_fill(view, scalar) : -1;
        Py_XDECREF(scalar);
    } else if (gpa_array_check(value)) {
        rc = gpa_array_assign(view, (gpa_array *)value);
    } else if (PyArray_Check(value)) {
        /* upload as is; the assignment casts (unsafely, as NumPy) */
        gpa_array *src = gpa_array_from_host(view->dev, value, NULL, 'K');
        rc = src ? gpa_array_assign(view, src) : -1;
        Py_XDECREF(src);
    } else if (PyList_Check(value) || PyTuple_Check(value)) {
        rc = assign_sequence(view, value);
    } else {
        rc = gpa_array_fill(view, value);
    }
    Py_DECREF(view);
    return rc;
}
