/* convert.c - values in and out: get/set, item, tolist, printing, and the
 * Python number conversions of size-1 arrays.  Printing goes through NumPy
 * so that repr/str are exactly NumPy's.
 */
#include "array/array_methods.h"
#include "array/convert.h"
#include "ops/copy.h"
#include "runtime/transfer.h"
#include "hooks.h"
#include "util.h"

PyObject *gpa_host_numpy_view(gpa_array *a)
{
    Py_INCREF(a->descr);
    int flags = (a->flags & GPA_WRITEABLE) ? NPY_ARRAY_WRITEABLE : 0;
    PyObject *arr = PyArray_NewFromDescr(&PyArray_Type, a->descr, a->nd,
                                         a->shape, a->strides, a->data,
                                         flags, NULL);
    if (arr == NULL)
        return NULL;
    Py_INCREF(a);
    if (PyArray_SetBaseObject((PyArrayObject *)arr, (PyObject *)a) < 0) {
        Py_DECREF(arr);
        return NULL;
    }
    return arr;
}

/* Whether a is contiguous in the layout `order` asks for; sets *fortran. */
static int contiguous_for(gpa_array *a, char order, int *fortran)
{
    int c = (a->flags & GPA_C_CONTIGUOUS) != 0;
    int f = (a->flags & GPA_F_CONTIGUOUS) != 0;
    switch (order) {
    case 'C':
        *fortran = 0;
        return c;
    case 'F':
        *fortran = 1;
        return f;
    default: /* 'A', 'K' */
        *fortran = f && !c;
        return c || f;
    }
}

PyObject *gpa_array_to_numpy(gpa_array *a, char order)
{
    gpa_array *src = a;
    PyObject *out = NULL;
    int fortran = 0;
    Py_INCREF(src);
    if (!contiguous_for(src, order, &fortran)) {
        Py_DECREF(src);
        src = gpa_array_copy(a, NULL, fortran ? 'F' : 'C');
        if (src == NULL)
            return NULL;
    }
    Py_INCREF(src->descr);
    out = PyArray_NewFromDescr(&PyArray_Type, src->descr, src->nd,
                               src->shape, NULL, NULL, fortran, NULL);
    if (out == NULL)
        goto fail;
    size_t nbytes = (size_t)(src->size * gpa_itemsize(src));
    if (nbytes && gpa_copy_d2h(src->dev, PyArray_DATA((PyArrayObject *)out),
                               src->data, nbytes) != GPA_OK)
        goto fail;
    Py_DECREF(src);
    return out;
fail:
    Py_XDECREF(out);
    Py_DECREF(src);
    return NULL;
}

/* A structured dtype with a field in the other byte order (its own
 * byte order is '|'). */
static int has_swapped_fields(PyArray_Descr *d)
{
    if (d->type_num != NPY_VOID)
        return 0;
    PyObject *native = PyObject_GetAttrString((PyObject *)d, "isnative");
    int r = native != NULL && native == Py_False;
    Py_XDECREF(native);
    PyErr_Clear();
    return r;
}

gpa_array *gpa_array_from_host(gpa_device *dev, PyObject *obj,
                               PyArray_Descr *descr, char order)
{
    PyArrayObject *host = NULL;
    gpa_array *out = NULL;
    /* A byte-swapped NumPy array arrives in native order. */
    if (descr == NULL && PyArray_Check(obj) &&
        (PyArray_ISBYTESWAPPED((PyArrayObject *)obj) ||
         has_swapped_fields(PyArray_DESCR((PyArrayObject *)obj)))) {
        descr = PyArray_DescrNewByteorder(
            PyArray_DESCR((PyArrayObject *)obj), NPY_NATIVE);
        if (descr == NULL)
            return NULL;
    }
    /* NumPy does the parsing and casting (unsafe for arrays, as
     * np.asarray(x, dtype=...) casts; its own errors for Python values)
     * and the layout: the host copy is laid out as np.array(obj,
     * order=order) would be. */
    int flags = (order == 'F'   ? NPY_ARRAY_F_CONTIGUOUS
                 : order == 'C' ? NPY_ARRAY_C_CONTIGUOUS
                                : 0) |
                NPY_ARRAY_ALIGNED | NPY_ARRAY_NOTSWAPPED |
                NPY_ARRAY_FORCECAST;
    host = (PyArrayObject *)PyArray_FromAny(obj, descr, 0, 0, flags, NULL);
    descr = NULL; /* stolen by PyArray_FromAny */
    if (host == NULL)
        goto fail;
    /* A sequence holding byte-swapped arrays (or a swapped dtype=) gives
     * NumPy's swapped dtype, which NOTSWAPPED leaves alone there: swap
     * the values to native order, as the byte-swapped array above. */
    if (PyArray_ISBYTESWAPPED(host) ||
        has_swapped_fields(PyArray_DESCR(host))) {
        PyArray_Descr *native =
            PyArray_DescrNewByteorder(PyArray_DESCR(host), NPY_NATIVE);
        if (native == NULL)
            goto fail;
        PyArrayObject *swapped = (PyArrayObject *)PyArray_FromArray(
            host, native, flags | NPY_ARRAY_ENSURECOPY); /* steals native */
        Py_SETREF(host, swapped);
        if (host == NULL)
            goto fail;
    }
    if (!PyArray_IS_C_CONTIGUOUS(host) && !PyArray_IS_F_CONTIGUOUS(host)) {
        PyArrayObject *c = (PyArrayObject *)PyArray_NewCopy(
            host, order == 'K' ? NPY_KEEPORDER : NPY_CORDER);
        Py_SETREF(host, c);
        if (host == NULL)
            goto fail;
    }
    PyArray_Descr *d = gpa_descr_from_obj((PyObject *)PyArray_DESCR(host));
    if (d == NULL)
        goto fail;
    int c_contig = PyArray_IS_C_CONTIGUOUS(host);
    /* order='F' of data that is both C and F contiguous (size-1 axes):
     * Fortran strides, as np.array(obj, order='F') copies it (the bytes
     * are in the same order either way). */
    int fortran = PyArray_IS_F_CONTIGUOUS(host) && (order == 'F' || !c_contig);
    out = gpa_array_empty(dev, d, PyArray_NDIM(host), PyArray_DIMS(host),
                          fortran);
    if (out == NULL)
        goto fail;
    if (out->size != 0 && !c_contig && !fortran) {
        /* a 'K' copy: contiguous in another order of the axes */
        memcpy(out->strides, PyArray_STRIDES(host),
               (size_t)out->nd * sizeof(Py_ssize_t));
        gpa_array_update_flags(out);
    }
    size_t nbytes = (size_t)PyArray_NBYTES(host);
    if (nbytes && gpa_copy_h2d(dev, out->data, PyArray_DATA(host),
                               nbytes) != GPA_OK)
        goto fail;
    Py_DECREF(host);
    return out;
fail:
    Py_XDECREF(descr);
    Py_XDECREF(host);
    Py_XDECREF(out);
    return NULL;
}

PyObject *gpa_array_item_scalar(gpa_array *a)
{
    /* 16 bytes hold any numeric element; a structured one may need more */
    char small[16] __attribute__((aligned(16)));
    size_t n = (size_t)gpa_itemsize(a);
    char *buf = n <= sizeof small ? small : PyMem_Malloc(n);
    PyObject *scalar = NULL, *item = NULL;
    if (buf == NULL)
        return PyErr_NoMemory();
    if (gpa_copy_d2h(a->dev, buf, a->data, n) != GPA_OK)
        goto done;
    scalar = PyArray_Scalar(buf, a->descr, NULL);
    if (scalar != NULL)
        item = PyObject_CallMethod(scalar, "item", NULL);
done:
    Py_XDECREF(scalar);
    if (buf != small)
        PyMem_Free(buf);
    return item;
}

/* ---- methods --------------------------------------------------------- */

static PyObject *array_get(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"stream", "order", "out", "blocking", NULL};
    PyObject *stream = Py_None, *order_obj = NULL, *out = Py_None;
    PyObject *blocking = Py_True;
    char order;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OOOO:get", kwlist, &stream,
                                     &order_obj, &out, &blocking))
        return NULL;
    if (gpa_parse_order(order_obj, "CFAK", 'C', &order) < 0)
        return NULL;
    if (out == Py_None)
        return gpa_array_to_numpy(a, order);
    if (!PyArray_Check(out)) {
        PyErr_SetString(PyExc_TypeError, "out must be a numpy.ndarray");
        return NULL;
    }
    PyObject *vals = gpa_array_to_numpy(a, order);
    if (vals == NULL)
        return NULL;
    if (PyArray_NDIM((PyArrayObject *)out) != a->nd ||
        !PyArray_CompareLists(PyArray_DIMS((PyArrayObject *)out), a->shape,
                              a->nd)) {
        Py_DECREF(vals);
        PyErr_SetString(PyExc_ValueError,
                        "Shape mismatch between out and the array");
        return NULL;
    }
    int rc = PyArray_CopyInto((PyArrayObject *)out, (PyArrayObject *)vals);
    Py_DECREF(vals);
    if (rc < 0)
        return NULL;
    Py_INCREF(out);
    return out;
}

/* a.set(arr): copy a host array of the same shape into a. */
static PyObject *array_set(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"arr", "stream", NULL};
    PyObject *arr, *stream = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:set", kwlist, &arr,
                                     &stream))
        return NULL;
    if (!(a->flags & GPA_WRITEABLE)) {
        PyErr_SetString(PyExc_ValueError,
                        "assignment destination is read-only");
        return NULL;
    }
    Py_INCREF(a->descr);
    PyArrayObject *h = (PyArrayObject *)PyArray_FromAny(arr, a->descr, 0, 0,
                                                        0, NULL);
    if (h == NULL)
        return NULL;
    if (PyArray_NDIM(h) != a->nd ||
        !PyArray_CompareLists(PyArray_DIMS(h), a->shape, a->nd)) {
        Py_DECREF(h);
        PyErr_SetString(PyExc_ValueError,
                        "Shape mismatch. Old shape and new shape must be "
                        "the same");
        return NULL;
    }
    int fortran = 0;
    if (contiguous_for(a, 'K', &fortran)) {
        PyArrayObject *c = (PyArrayObject *)PyArray_NewCopy(
            h, fortran ? NPY_FORTRANORDER : NPY_CORDER);
        Py_DECREF(h);
        if (c == NULL)
            return NULL;
        int rc = a->size ? gpa_copy_h2d(a->dev, a->data, PyArray_DATA(c),
                                        (size_t)PyArray_NBYTES(c))
                         : GPA_OK;
        Py_DECREF(c);
        if (rc != GPA_OK)
            return NULL;
        Py_RETURN_NONE;
    }
    Py_INCREF(a->descr);
    gpa_array *tmp = gpa_array_from_host(a->dev, (PyObject *)h, a->descr, 'C');
    Py_DECREF(h);
    if (tmp == NULL)
        return NULL;
    int rc = gpa_array_assign(a, tmp);
    Py_DECREF(tmp);
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* Reads one index of item()/itemset() into [0, n): IndexError out of
 * range, TypeError for non-integers (NumPy's). */
static int item_index(PyObject *obj, Py_ssize_t n, Py_ssize_t *out)
{
    Py_ssize_t i = PyNumber_AsSsize_t(obj, PyExc_OverflowError); /* NumPy */
    if (i == -1 && PyErr_Occurred())
        return -1;
    if (i < -n || i >= n) {
        PyErr_Format(PyExc_IndexError,
                     "index %zd is out of bounds for size %zd", i, n);
        return -1;
    }
    *out = i < 0 ? i + n : i;
    return 0;
}

/* a.item(), a.item(flat_index), a.item(i, j, ...), a.item((i, j, ...)):
 * one element copied back as a Python scalar. */
static PyObject *array_item(gpa_array *a, PyObject *args)
{
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    PyObject *idx = args;
    Py_ssize_t offset = 0;
    if (n == 1 && PyTuple_Check(PyTuple_GET_ITEM(args, 0))) {
        idx = PyTuple_GET_ITEM(args, 0);
        n = PyTuple_GET_SIZE(idx);
    }
    if (n == 0) {
        if (a->size != 1) {
            PyErr_SetString(PyExc_ValueError,
                            "can only convert an array of size 1 to a "
                            "Python scalar");
            return NULL;
        }
    } else if (n == 1 && idx == args) {
        Py_ssize_t flat;
        if (item_index(PyTuple_GET_ITEM(idx, 0), a->size, &flat) < 0)
            return NULL;
        for (int d = a->nd - 1; d >= 0; d--) {
            offset += (flat % a->shape[d]) * a->strides[d];
            flat /= a->shape[d];
        }
    } else {
        if (n != a->nd) {
            PyErr_SetString(PyExc_ValueError,
                            "incorrect number of indices for array");
            return NULL;
        }
        for (int d = 0; d < a->nd; d++) {
            Py_ssize_t i;
            if (item_index(PyTuple_GET_ITEM(idx, d), a->shape[d], &i) < 0)
                return NULL;
            offset += i * a->strides[d];
        }
    }
    gpa_array *elem = gpa_array_view_of(a, NULL, 0, a->shape, a->strides,
                                        a->data + offset);
    if (elem == NULL)
        return NULL;
    PyObject *r = gpa_array_item_scalar(elem);
    Py_DECREF(elem);
    return r;
}

static PyObject *array_tolist(gpa_array *a, PyObject *noargs)
{
    GPA_UNUSED(noargs);
    PyObject *h = gpa_array_to_numpy(a, 'K');
    if (h == NULL)
        return NULL;
    PyObject *r = PyObject_CallMethod(h, "tolist", NULL);
    Py_DECREF(h);
    return r;
}

static PyObject *via_numpy(gpa_array *a, const char *fn)
{
    PyObject *h = gpa_array_to_numpy(a, 'K');
    if (h == NULL)
        return NULL;
    if (!Py_IS_TYPE(a, gpa_array_type)) {
        /* a subclass prints under its own name, as NumPy's do: the host
         * copy is viewed as a NumPy subclass of that name */
        PyObject *args = PyTuple_Pack(1, (PyObject *)Py_TYPE(a));
        PyObject *twin = args ? gpa_hook_call("host_twin", h, args, NULL)
                              : NULL;
        Py_XDECREF(args);
        Py_DECREF(h);
        if (twin == NULL)
            return NULL;
        h = twin;
    }
    PyObject *r = PyObject_CallMethod(gpa_numpy, fn, "O", h);
    Py_DECREF(h);
    return r;
}

PyObject *gpa_array_repr(gpa_array *a)
{
    return via_numpy(a, "array_repr");
}

PyObject *gpa_array_str(gpa_array *a)
{
    return via_numpy(a, "array_str");
}

Py_ssize_t gpa_array_length(gpa_array *a)
{
    if (a->nd == 0) {
        PyErr_SetString(PyExc_TypeError, "len() of unsized object");
        return -1;
    }
    return a->shape[0];
}

/* a[i] for iteration (sq_item): the view of one index of axis 0. */
PyObject *gpa_array_sq_item(gpa_array *a, Py_ssize_t i)
{
    if (a->nd == 0) {
        PyErr_SetString(PyExc_IndexError,
                        "too many indices for array: array is "
                        "0-dimensional, but 1 were indexed");
        return NULL;
    }
    if (i < 0 || i >= a->shape[0]) {
        PyErr_Format(PyExc_IndexError,
                     "index %zd is out of bounds for axis 0 with size %zd",
                     i, a->shape[0]);
        return NULL;
    }
    return (PyObject *)gpa_array_view_of(a, NULL, a->nd - 1, a->shape + 1,
                                         a->strides + 1,
                                         a->data + i * a->strides[0]);
}

PyObject *gpa_array_iter(gpa_array *a)
{
    if (a->nd == 0) {
        PyErr_SetString(PyExc_TypeError, "iteration over a 0-d array");
        return NULL;
    }
    return PySeqIter_New((PyObject *)a);
}

/* Scalar conversions: size-1 arrays become a NumPy scalar and NumPy
 * decides (so errors and deprecations match NumPy's). */
static PyObject *scalar_of(gpa_array *a, const char *what)
{
    if (a->size != 1) {
        /* NumPy 2's wording (older NumPy said "length-1") */
        PyErr_Format(PyExc_TypeError,
                     "only 0-dimensional arrays can be converted to Python "
                     "scalars (%s)", what);
        return NULL;
    }
    return gpa_array_to_numpy(a, 'C');
}

static PyObject *array_complex(gpa_array *a, PyObject *noargs)
{
    GPA_UNUSED(noargs);
    PyObject *h = scalar_of(a, "complex");
    if (h == NULL)
        return NULL;
    PyObject *r = PyObject_CallFunctionObjArgs((PyObject *)&PyComplex_Type,
                                               h, NULL);
    Py_DECREF(h);
    return r;
}

PyObject *gpa_array_nb_int(gpa_array *a)
{
    PyObject *h = scalar_of(a, "int");
    if (h == NULL)
        return NULL;
    PyObject *r = PyNumber_Long(h);
    Py_DECREF(h);
    return r;
}

PyObject *gpa_array_nb_float(gpa_array *a)
{
    PyObject *h = scalar_of(a, "float");
    if (h == NULL)
        return NULL;
    PyObject *r = PyNumber_Float(h);
    Py_DECREF(h);
    return r;
}

PyObject *gpa_array_nb_index(gpa_array *a)
{
    int t = gpa_type_num(a);
    if (a->nd != 0 || !(PyTypeNum_ISINTEGER(t))) {
        PyErr_SetString(PyExc_TypeError,
                        "only integer scalar arrays can be converted to a "
                        "scalar index");
        return NULL;
    }
    return gpa_array_item_scalar(a);
}

int gpa_array_nb_bool(gpa_array *a)
{
    if (a->size > 1) {
        PyErr_SetString(PyExc_ValueError,
                        "The truth value of an array with more than one "
                        "element is ambiguous. Use a.any() or a.all()");
        return -1;
    }
    PyObject *h = gpa_array_to_numpy(a, 'C');
    if (h == NULL)
        return -1;
    int r = PyObject_IsTrue(h);
    Py_DECREF(h);
    return r;
}

static PyObject *array_copy_method(gpa_array *a, PyObject *args,
                                   PyObject *kw)
{
    static char *kwlist[] = {"order", NULL};
    PyObject *order_obj = NULL;
    char order;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:copy", kwlist,
                                     &order_obj))
        return NULL;
    if (gpa_parse_order(order_obj, "CFAK", 'C', &order) < 0)
        return NULL;
    return (PyObject *)gpa_array_copy(a, NULL, order);
}

static PyObject *array_deepcopy(gpa_array *a, PyObject *memo)
{
    GPA_UNUSED(memo);
    return (PyObject *)gpa_array_copy(a, NULL, 'K');
}

static PyObject *array_copy_dunder(gpa_array *a, PyObject *noargs)
{
    GPA_UNUSED(noargs);
    return (PyObject *)gpa_array_copy(a, NULL, 'K');
}

PyObject *gpa_element_value(PyArray_Descr *descr, PyObject *value)
{
    PyObject *args = PyTuple_Pack(1, value);
    if (args == NULL)
        return NULL;
    PyObject *r = gpa_hook_call("element_value", (PyObject *)descr, args,
                                NULL);
    Py_DECREF(args);
    return r;
}

/* A 1-d uint8 view of n bytes at data in mem (resize's raw copy). */
static gpa_array *byte_view(gpa_mem *mem, char *data, Py_ssize_t n)
{
    PyArray_Descr *u8 = PyArray_DescrFromType(NPY_UINT8);
    if (u8 == NULL)
        return NULL;
    /* steals u8 */
    return gpa_array_new_view(gpa_array_type, mem, u8, 1, &n, NULL, data,
                              NULL, 1);
}

/* The checks NumPy makes before resizing in place. */
static int resize_allowed(gpa_array *a, int refcheck)
{
    if (!(a->flags & (GPA_C_CONTIGUOUS | GPA_F_CONTIGUOUS))) {
        PyErr_SetString(PyExc_ValueError,
                        "resize only works on single-segment arrays");
        return 0;
    }
    if (!(a->flags & GPA_OWNDATA)) {
        PyErr_SetString(PyExc_ValueError,
                        "cannot resize this array: it does not own its "
                        "data");
        return 0;
    }
    /* the caller's name and the method call's own: NumPy's threshold */
    if (refcheck && (Py_REFCNT(a) > 2 || a->weakreflist != NULL)) {
        PyErr_SetString(PyExc_ValueError,
                        "cannot resize an array that references or is "
                        "referenced\nby another object in this way.\nUse "
                        "the np.resize function to get a new resized copy "
                        "or\n set refcheck=False to disable this check");
        return 0;
    }
    return 1;
}

/* a.resize(*shape, refcheck=True): new memory of the new size holding the
 * old bytes (as far as they go) then zeros, in a's order (F stays F).
 * Views made earlier keep the old memory alive (they hold a reference). */
static PyObject *array_resize(gpa_array *a, PyObject *args, PyObject *kw)
{
    Py_ssize_t dims[GPA_MAXDIMS];
    gpa_array *n = NULL, *src = NULL, *dst = NULL, *tail = NULL;
    int refcheck = 1;
    if (kw != NULL) {
        static char *kwlist[] = {"refcheck", NULL};
        PyObject *empty = PyTuple_New(0);
        int ok = empty && PyArg_ParseTupleAndKeywords(empty, kw,
                                                      "|p:resize", kwlist,
                                                      &refcheck);
        Py_XDECREF(empty);
        if (!ok)
            return NULL;
    }
    Py_ssize_t nargs = PyTuple_GET_SIZE(args);
    PyObject *shape = nargs == 1 ? PyTuple_GET_ITEM(args, 0) : args;
    if (nargs == 0 || shape == Py_None)
        Py_RETURN_NONE;
    int nd = gpa_parse_shape(shape, dims);
    if (nd < 0)
        return NULL;
    for (int i = 0; i < nd; i++)
        if (dims[i] < 0) {
            PyErr_SetString(PyExc_ValueError,
                            "negative dimensions not allowed");
            return NULL;
        }
    if (!resize_allowed(a, refcheck))
        return NULL;
    int fortran = (a->flags & GPA_F_CONTIGUOUS) &&
                  !(a->flags & GPA_C_CONTIGUOUS);
    Py_INCREF(a->descr);                /* gpa_array_empty steals it */
    n = gpa_array_empty(a->dev, a->descr, nd, dims, fortran);
    if (n == NULL)
        goto fail;
    Py_ssize_t item = gpa_itemsize(a);
    Py_ssize_t old_bytes = a->size * item, new_bytes = n->size * item;
    Py_ssize_t keep = old_bytes < new_bytes ? old_bytes : new_bytes;
    if (keep > 0) {
        if ((src = byte_view(a->mem, a->data, keep)) == NULL ||
            (dst = byte_view(n->mem, n->data, keep)) == NULL ||
            gpa_array_assign(dst, src) < 0)
            goto fail;
    }
    if (new_bytes > keep) {
        PyObject *zero = PyLong_FromLong(0);
        tail = byte_view(n->mem, n->data + keep, new_bytes - keep);
        int rc = (zero && tail) ? gpa_array_fill(tail, zero) : -1;
        Py_XDECREF(zero);
        if (rc < 0)
            goto fail;
    }
    if (gpa_array_adopt_layout(a, n) < 0)
        goto fail;
    /* swap the memory: n takes the old block away with it */
    gpa_mem *old = a->mem;
    a->mem = n->mem;
    n->mem = old;
    a->data = n->data;
    a->size = n->size;
    /* NumPy's resized strides are ordinary ones even when empty */
    gpa_fill_strides(a->nd, a->shape, item, fortran, a->strides);
    gpa_array_update_flags(a);
    Py_XDECREF(src);
    Py_XDECREF(dst);
    Py_XDECREF(tail);
    Py_DECREF(n);
    Py_RETURN_NONE;
fail:
    Py_XDECREF(src);
    Py_XDECREF(dst);
    Py_XDECREF(tail);
    Py_XDECREF(n);
    return NULL;
}

static PyObject *array_fill(gpa_array *a, PyObject *value)
{
    if (!(a->flags & GPA_WRITEABLE)) {
        /* a broadcast view's one element would be overwritten */
        PyErr_SetString(PyExc_ValueError,
                        "assignment destination is read-only");
        return NULL;
    }
    int rc;
    if (gpa_is_sequence_value(value)) {
        PyObject *scalar = gpa_element_value(a->descr, value);
        rc = scalar ? gpa_array_fill(a, scalar) : -1;
        Py_XDECREF(scalar);
    } else {
        rc = gpa_array_fill(a, value);
    }
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyMethodDef gpa_array_methods_convert[] = {
    {"get", (PyCFunction)(void (*)(void))array_get,
     METH_VARARGS | METH_KEYWORDS, "copy to a new numpy.ndarray"},
    {"set", (PyCFunction)(void (*)(void))array_set,
     METH_VARARGS | METH_KEYWORDS, "copy a host array into this one"},
    {"item", (PyCFunction)array_item, METH_VARARGS,
     "one element as a Python scalar"},
    {"tolist", (PyCFunction)array_tolist, METH_NOARGS,
     "nested Python lists of the values"},
    {"copy", (PyCFunction)(void (*)(void))array_copy_method,
     METH_VARARGS | METH_KEYWORDS, "a copy in the given order"},
    {"__copy__", (PyCFunction)array_copy_dunder, METH_NOARGS, NULL},
    {"__deepcopy__", (PyCFunction)array_deepcopy, METH_O, NULL},
    {"__complex__", (PyCFunction)array_complex, METH_NOARGS, NULL},
    {"fill", (PyCFunction)array_fill, METH_O, "set every element"},
    {"resize", (PyCFunction)(void (*)(void))array_resize,
     METH_VARARGS | METH_KEYWORDS, "change shape and size in place"},
    {NULL, NULL, 0, NULL},
};
