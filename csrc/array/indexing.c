/* indexing.c - basic indexing: integers, slices (any step), None and
 * Ellipsis give views; __setitem__ writes through such a view.
 *
 * A full integer index gives a 0-d array, not a NumPy scalar, as in CuPy:
 * the value stays on the device and no synchronisation happens.
 * Fancy indexing (integer or boolean arrays) is not handled here yet: it
 * raises IndexError naming what is supported.
 */
#include "array/array_methods.h"
#include "array/convert.h"
#include "ops/copy.h"
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
                        "boolean scalar indices are not supported yet");
        return -1;
    }
    if (PyLong_Check(obj) || PyArray_IsScalar(obj, Integer) ||
        (gpa_array_check(obj) && ((gpa_array *)obj)->nd == 0 &&
         PyTypeNum_ISINTEGER(gpa_type_num((gpa_array *)obj)))) {
        it->kind = IDX_INT;
        it->value = PyNumber_AsSsize_t(obj, PyExc_IndexError);
        if (it->value == -1 && PyErr_Occurred())
            return -1;
        return 0;
    }
    if (gpa_array_check(obj) || PyArray_Check(obj) || PyList_Check(obj)) {
        PyErr_SetString(PyExc_IndexError,
                        "advanced (integer or boolean array) indexing is "
                        "not supported yet; only integers, slices (`:`), "
                        "ellipsis (`...`) and numpy.newaxis (`None`) are");
        return -1;
    }
    PyErr_SetString(PyExc_IndexError,
                    "only integers, slices (`:`), ellipsis (`...`), "
                    "numpy.newaxis (`None`) and integer or boolean arrays "
                    "are valid indices");
    return -1;
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
    return (PyObject *)basic_view(a, key);
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
    gpa_array *view = basic_view(a, key);
    if (view == NULL)
        return -1;
    int rc;
    if (gpa_array_check(value)) {
        rc = gpa_array_assign(view, (gpa_array *)value);
    } else if (PyArray_Check(value)) {
        /* upload as is; the assignment casts (unsafely, as NumPy) */
        gpa_array *src = gpa_array_from_host(view->dev, value, NULL, 'K');
        rc = src ? gpa_array_assign(view, src) : -1;
        Py_XDECREF(src);
    } else if (PyList_Check(value) || PyTuple_Check(value)) {
        /* NumPy converts the sequence to the destination's dtype, with
         * its errors (OverflowError for 300 into int8, ...) */
        Py_INCREF(view->descr);
        gpa_array *src = gpa_array_from_host(view->dev, value, view->descr,
                                             'K');
        rc = src ? gpa_array_assign(view, src) : -1;
        Py_XDECREF(src);
    } else {
        rc = gpa_array_fill(view, value);
    }
    Py_DECREF(view);
    return rc;
}
