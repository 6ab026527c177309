/* ufunc_subclass.c - NumPy's default __array_wrap__ for ndarray
 * subclasses.
 *
 * Note [Subclass results]: a ufunc call (or operator) without out= whose
 * inputs include an instance of a gpuarray.ndarray subclass returns its
 * results as that subclass: the input of highest __array_priority__, the
 * first on ties, as NumPy picks.  Each result becomes a view of the
 * plain result with the subclass's type, and the subclass's
 * __array_finalize__ (when it has one) is called with that input, so
 * attributes it copies from `obj` come from the input as in NumPy.
 * subok=False keeps plain arrays.  Only results that are arrays are
 * wrapped (a scalar stays a scalar).
 */
#include "ops/ufunc.h"
#include "util.h"

/* The subclass input to wrap like (borrowed), NULL for none; -1 on an
 * error reading a priority. */
static int pick_input(const gpa_ufunc_args *a, PyObject **pick)
{
    double best = 0.0;
    *pick = NULL;
    for (int i = 0; i < a->nin; i++) {
        PyObject *x = a->in[i];
        if (x == NULL || Py_IS_TYPE(x, gpa_array_type) ||
            !gpa_array_check(x))
            continue;
        PyObject *p = PyObject_GetAttrString(x, "__array_priority__");
        if (p == NULL)
            return -1;
        double v = PyFloat_AsDouble(p);
        Py_DECREF(p);
        if (v == -1.0 && PyErr_Occurred())
            return -1;
        if (*pick == NULL || v > best) {
            *pick = x;
            best = v;
        }
    }
    return 0;
}

/* res as a view of like's type, finalized with like.  New reference. */
static PyObject *wrap_one(PyObject *res, PyObject *like)
{
    if (!Py_IS_TYPE(res, gpa_array_type)) {
        Py_INCREF(res);
        return res;
    }
    gpa_array *r = (gpa_array *)res;
    Py_INCREF(r->descr);
    gpa_array *v = gpa_array_new_view(Py_TYPE(like), r->mem, r->descr, r->nd,
                                      r->shape, r->strides, r->data, res,
                                      r->flags & GPA_WRITEABLE);
    if (v != NULL && gpa_array_finalize(v, like) < 0)
        Py_CLEAR(v);
    return (PyObject *)v;
}

PyObject *gpa_ufunc_wrap_subclass(const gpa_ufunc_args *a, PyObject *r)
{
    PyObject *like = NULL, *out = NULL;
    if (r == NULL || r == Py_NotImplemented || a->no_subok)
        return r;
    for (int o = 0; o < a->nout; o++)
        if (a->out[o] != NULL)
            return r;               /* out= given: those arrays come back */
    if (pick_input(a, &like) < 0)
        goto done;
    if (like == NULL)
        return r;
    if (!PyTuple_Check(r)) {
        out = wrap_one(r, like);
        goto done;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(r);
    PyObject *t = PyTuple_New(n);
    if (t == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *w = wrap_one(PyTuple_GET_ITEM(r, i), like);
        if (w == NULL) {
            Py_DECREF(t);
            goto done;
        }
        PyTuple_SET_ITEM(t, i, w);
    }
    out = t;
done:
    Py_DECREF(r);
    return out;
}
