/* array_type.c - the ndarray type object: allocation, the constructors of
 * array.h, attributes, and the assembly of the method table from the
 * fragments that array/ files, ops/ files and interop/ files export.
 */
#include "array/array.h"
#include "array/array_methods.h"
#include "array/structured.h"
#include "ops/number.h"
#include "interop/interop.h"

#include <stdlib.h>
#include <structmember.h>

PyTypeObject *gpa_array_type;

/* ---- dtypes ---------------------------------------------------------- */

int gpa_type_supported(int t)
{
    switch (t) {
    case NPY_BOOL: case NPY_BYTE: case NPY_UBYTE: case NPY_SHORT:
    case NPY_USHORT: case NPY_INT: case NPY_UINT: case NPY_LONG:
    case NPY_ULONG: case NPY_LONGLONG: case NPY_ULONGLONG: case NPY_HALF:
    case NPY_FLOAT: case NPY_DOUBLE: case NPY_CFLOAT: case NPY_CDOUBLE:
        return 1;
    default:
        return 0;
    }
}

/* On LP64 Linux long and longlong are both 64 bits: we use long's dtype
 * (what np.int64 is) so that there is one descriptor per width. */
PyArray_Descr *gpa_descr_from_type(int t)
{
    if (t == NPY_LONGLONG && sizeof(long) == 8)
        t = NPY_LONG;
    else if (t == NPY_ULONGLONG && sizeof(long) == 8)
        t = NPY_ULONG;
    return PyArray_DescrFromType(t);
}

PyArray_Descr *gpa_descr_from_obj(PyObject *obj)
{
    PyArray_Descr *d = NULL;
    if (obj == NULL || obj == Py_None)
        return PyArray_DescrFromType(NPY_DOUBLE);
    if (!PyArray_DescrConverter(obj, &d))
        return NULL;
    /* datetimes keep their descriptor: the unit is part of the dtype;
     * another byte order becomes native on the way in, as for numbers */
    if (gpa_type_is_datetime(d->type_num)) {
        if (PyDataType_ISBYTESWAPPED(d)) {
            PyArray_Descr *native = PyArray_DescrNewByteorder(d, NPY_NATIVE);
            Py_DECREF(d);
            return native;
        }
        return d;
    }
    if (d->type_num == NPY_VOID) /* Note [Data-only dtypes] */
        return gpa_void_descr(d);
    if (!gpa_type_supported(d->type_num)) {
        PyErr_Format(PyExc_TypeError,
                     "dtype %R is not supported by gpuarray (supported: bool, "
                     "int8-int64, uint8-uint64, float16/32/64, "
                     "complex64/128, datetime64, timedelta64, and "
                     "fixed-size structured or void dtypes as data)",
                     (PyObject *)d);
        Py_DECREF(d);
        return NULL;
    }
    /* another byte order means the native type (as CuPy: device data is
     * native; values are converted on the way in) */
    PyArray_Descr *canon = gpa_descr_from_type(d->type_num);
    Py_DECREF(d);
    return canon;
}

/* ---- shapes ---------------------------------------------------------- */

Py_ssize_t gpa_shape_size(int nd, const Py_ssize_t *shape)
{
    Py_ssize_t size = 1;
    int overflow = 0;
    for (int i = 0; i < nd; i++) {
        if (shape[i] < 0) {
            PyErr_SetString(PyExc_ValueError,
                            "negative dimensions are not allowed");
            return -1;
        }
        if (shape[i] != 0 && size > PY_SSIZE_T_MAX / shape[i])
            overflow = 1;
        else
            size *= shape[i];
    }
    if (overflow && size != 0) {
        PyErr_SetString(PyExc_ValueError,
                        "array is too big; `arr.size * arr.dtype.itemsize` "
                        "is larger than the maximum possible size.");
        return -1;
    }
    return overflow ? 0 : size;
}

int gpa_shape_fits(int nd, const Py_ssize_t *shape, Py_ssize_t itemsize)
{
    Py_ssize_t n = itemsize > 0 ? itemsize : 1;
    for (int i = 0; i < nd; i++)
        if (shape[i] > 0 && __builtin_mul_overflow(n, shape[i], &n))
            return 0;
    return 1;
}

Py_ssize_t gpa_fill_strides(int nd, const Py_ssize_t *shape,
                            Py_ssize_t itemsize, int fortran,
                            Py_ssize_t *strides)
{
    Py_ssize_t s = itemsize;
    if (fortran) {
        for (int i = 0; i < nd; i++) {
            strides[i] = s;
            s *= shape[i] ? shape[i] : 1;
        }
    } else {
        for (int i = nd - 1; i >= 0; i--) {
            strides[i] = s;
            s *= shape[i] ? shape[i] : 1;
        }
    }
    return s;
}

int gpa_parse_shape(PyObject *obj, Py_ssize_t *dims)
{
    if (obj == Py_None) {   /* NumPy's message for empty(None) */
        PyErr_SetString(PyExc_TypeError,
                        "Use () not None as shape arguments");
        return -1;
    }
    /* NumPy refuses booleans as lengths, though bool is an int */
    if (PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "expected a sequence of integers or "
                     "a single integer, got '%S'", obj);
        return -1;
    }
    if (PyIndex_Check(obj)) {
        Py_ssize_t v = PyNumber_AsSsize_t(obj, PyExc_ValueError);
        if (v != -1 || !PyErr_Occurred()) {
            dims[0] = v;
            return 1;
        }
        /* a 1-d integer array has __index__ too, but is a sequence of
         * lengths (NumPy takes np.array([4, 6]) as a shape) */
        if (!PyErr_ExceptionMatches(PyExc_TypeError) ||
            !PySequence_Check(obj))
            return -1;
        PyErr_Clear();
    }
    /* a sequence, as NumPy wants: an iterable such as a dict or a set is
     * its TypeError, not the lengths of its keys */
    if (!PySequence_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "expected a sequence of integers or "
                     "a single integer, got '%.200S'", obj);
        return -1;
    }
    PyObject *seq = PySequence_Fast(obj, "");
    if (seq == NULL) {
        PyErr_Format(PyExc_TypeError,
                     "'%.200s' object cannot be interpreted as an integer",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > GPA_MAXDIMS) {
        PyErr_Format(PyExc_ValueError,
                     "maximum supported dimension for an ndarray is "
                     "currently %d, found %zd", GPA_MAXDIMS, n);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (PyBool_Check(item)) {
            PyErr_SetString(PyExc_TypeError, "an integer is required");
            Py_DECREF(seq);
            return -1;
        }
        if (!PyIndex_Check(item)) {
            PyErr_Format(PyExc_TypeError,
                         "'%.200s' object cannot be interpreted as an "
                         "integer", Py_TYPE(item)->tp_name);
            Py_DECREF(seq);
            return -1;
        }
        dims[i] = PyNumber_AsSsize_t(item, PyExc_ValueError);
        if (dims[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return (int)n;
}

/* ---- flags ----------------------------------------------------------- */

void gpa_array_update_flags(gpa_array *a)
{
    Py_ssize_t item = gpa_itemsize(a);
    int c = 1, f = 1;
    a->flags &= ~(GPA_C_CONTIGUOUS | GPA_F_CONTIGUOUS);
    if (a->size == 0) {
        a->flags |= GPA_C_CONTIGUOUS | GPA_F_CONTIGUOUS;
        return;
    }
    /* Dimensions of length 1 don't matter, as in NumPy. */
    Py_ssize_t s = item;
    for (int i = a->nd - 1; i >= 0; i--) {
        if (a->shape[i] == 1)
            continue;
        if (a->strides[i] != s) {
            c = 0;
            break;
        }
        s *= a->shape[i];
    }
    s = item;
    for (int i = 0; i < a->nd; i++) {
        if (a->shape[i] == 1)
            continue;
        if (a->strides[i] != s) {
            f = 0;
            break;
        }
        s *= a->shape[i];
    }
    if (c)
        a->flags |= GPA_C_CONTIGUOUS;
    if (f)
        a->flags |= GPA_F_CONTIGUOUS;
}

void gpa_array_extent(const gpa_array *a, char **lo, char **hi)
{
    char *l = a->data, *h = a->data;
    if (a->size == 0) {
        *lo = *hi = a->data;
        return;
    }
    for (int i = 0; i < a->nd; i++) {
        Py_ssize_t span = (a->shape[i] - 1) * a->strides[i];
        if (span < 0)
            l += span;
        else
            h += span;
    }
    *lo = l;
    *hi = h + gpa_itemsize(a);
}

/* ---- construction ---------------------------------------------------- */

/* Allocates the object and its dims storage; fields other than dims are
 * left for the caller.  Steals descr (even on failure). */
static gpa_array *alloc_array(PyTypeObject *type, PyArray_Descr *descr,
                              int nd)
{
    gpa_array *a = NULL;
    if (nd < 0 || nd > GPA_MAXDIMS) {
        PyErr_Format(PyExc_ValueError,
                     "maximum supported dimension for an ndarray is "
                     "currently %d, found %d", GPA_MAXDIMS, nd);
        goto fail;
    }
    a = (gpa_array *)type->tp_alloc(type, 0);
    if (a == NULL)
        goto fail;
    a->descr = descr;
    a->nd = nd;
    if (nd <= GPA_INLINE_DIMS) {
        a->shape = a->dims_inline;
        a->strides = a->dims_inline + GPA_INLINE_DIMS;
    } else {
        a->shape = PyMem_Malloc(2 * (size_t)nd * sizeof(Py_ssize_t));
        if (a->shape == NULL) {
            Py_DECREF(a);
            PyErr_NoMemory();
            return NULL;
        }
        a->strides = a->shape + nd;
    }
    return a;
fail:
    Py_DECREF(descr);
    return NULL;
}

/* A sub-array dtype ('(2,3)f4') adds its dimensions to the array's and
 * gives its element type, as in NumPy.  Steals descr. */
static gpa_array *empty_subarray(gpa_device *dev, PyArray_Descr *descr,
                                 int nd, const Py_ssize_t *shape,
                                 int fortran)
{
    Py_ssize_t dims[GPA_MAXDIMS], sdims[GPA_MAXDIMS];
    gpa_array *r = NULL;
    PyArray_Descr *base = NULL;
    PyArray_ArrayDescr *sub = PyDataType_SUBARRAY(descr);
    int k = gpa_parse_shape(sub->shape, sdims);
    if (k < 0)
        goto done;
    if (nd + k > GPA_MAXDIMS) {
        PyErr_Format(PyExc_ValueError,
                     "maximum supported dimension for an ndarray is "
                     "currently %d, found %d", GPA_MAXDIMS, nd + k);
        goto done;
    }
    if (nd > 0)
        memcpy(dims, shape, (size_t)nd * sizeof(Py_ssize_t));
    memcpy(dims + nd, sdims, (size_t)k * sizeof(Py_ssize_t));
    base = gpa_descr_from_obj((PyObject *)sub->base);
    if (base != NULL)
        r = gpa_array_empty(dev, base, nd + k, dims, fortran);
done:
    Py_DECREF(descr);
    return r;
}

gpa_array *gpa_array_empty(gpa_device *dev, PyArray_Descr *descr, int nd,
                           const Py_ssize_t *shape, int fortran)
{
    if (descr->type_num == NPY_VOID && PyDataType_HASSUBARRAY(descr))
        return empty_subarray(dev, descr, nd, shape, fortran);
    Py_ssize_t size = gpa_shape_size(nd, shape);
    if (size < 0) {
        Py_DECREF(descr);
        return NULL;
    }
    Py_ssize_t item = PyDataType_ELSIZE(descr);
    if (!gpa_shape_fits(nd, shape, item)) { /* empty ones too, as NumPy */
        Py_DECREF(descr);
        PyErr_SetString(PyExc_ValueError,
                        "array is too big; `arr.size * arr.dtype.itemsize` "
                        "is larger than the maximum possible size.");
        return NULL;
    }
    gpa_array *a = alloc_array(gpa_array_type, descr, nd);
    if (a == NULL)
        return NULL;
    if (nd > 0) /* shape may be NULL for a 0-d array */
        memcpy(a->shape, shape, (size_t)nd * sizeof(Py_ssize_t));
    /* A new empty array has all strides 0, as NumPy's do. */
    if (size == 0)
        memset(a->strides, 0, (size_t)nd * sizeof(Py_ssize_t));
    else
        gpa_fill_strides(nd, shape, item, fortran, a->strides);
    a->size = size;
    a->dev = dev;
    a->mem = gpa_mem_alloc(dev, (size_t)(size * item));
    if (a->mem == NULL) {
        Py_DECREF(a);
        return NULL;
    }
    a->data = a->mem->ptr;
    a->flags = GPA_OWNDATA | GPA_WRITEABLE;
    gpa_array_update_flags(a);
    return a;
}

gpa_array *gpa_array_new_view(PyTypeObject *type, gpa_mem *mem,
                              PyArray_Descr *descr, int nd,
                              const Py_ssize_t *shape,
                              const Py_ssize_t *strides, char *data,
                              PyObject *base, int writeable)
{
    Py_ssize_t size = gpa_shape_size(nd, shape);
    if (size < 0) {
        Py_DECREF(descr);
        return NULL;
    }
    gpa_array *a = alloc_array(type, descr, nd);
    if (a == NULL)
        return NULL;
    memcpy(a->shape, shape, (size_t)nd * sizeof(Py_ssize_t));
    if (strides)
        memcpy(a->strides, strides, (size_t)nd * sizeof(Py_ssize_t));
    else
        gpa_fill_strides(nd, shape, PyDataType_ELSIZE(descr), 0, a->strides);
    a->size = size;
    a->dev = mem->dev;
    gpa_mem_incref(mem);
    a->mem = mem;
    a->data = data;
    Py_XINCREF(base);
    a->base = base;
    a->flags = writeable ? GPA_WRITEABLE : 0;
    gpa_array_update_flags(a);
    return a;
}

int gpa_array_finalize(gpa_array *v, PyObject *obj)
{
    if (Py_IS_TYPE(v, gpa_array_type))
        return 0;
    PyObject *fin = PyObject_GetAttrString((PyObject *)v,
                                           "__array_finalize__");
    if (fin == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return -1;
        PyErr_Clear();
        return 0;
    }
    PyObject *done = PyObject_CallOneArg(fin, obj);
    Py_DECREF(fin);
    if (done == NULL)
        return -1;
    Py_DECREF(done);
    return 0;
}

gpa_array *gpa_array_view_of(gpa_array *a, PyArray_Descr *descr, int nd,
                             const Py_ssize_t *shape,
                             const Py_ssize_t *strides, char *data)
{
    if (descr == NULL) {
        descr = a->descr;
        Py_INCREF(descr);
    }
    PyObject *base = (a->flags & GPA_OWNDATA) || a->base == NULL
                         ? (PyObject *)a : a->base;
    PyTypeObject *type = Py_TYPE(a);
    gpa_array *v = gpa_array_new_view(type, a->mem, descr, nd, shape,
                                      strides, data, base,
                                      a->flags & GPA_WRITEABLE);
    /* a view of a subclass instance is finalized with it, as NumPy's */
    if (v != NULL && gpa_array_finalize(v, (PyObject *)a) < 0)
        Py_CLEAR(v);
    return v;
}

/* ---- the type -------------------------------------------------------- */

static void array_dealloc(gpa_array *a)
{
    PyObject_GC_UnTrack(a);
    if (a->weakreflist)
        PyObject_ClearWeakRefs((PyObject *)a);
    Py_CLEAR(a->base);
    Py_CLEAR(a->descr);
    gpa_mem_decref(a->mem);
    a->mem = NULL;
    if (a->shape && a->shape != a->dims_inline)
        PyMem_Free(a->shape);
    PyTypeObject *tp = Py_TYPE(a);
    tp->tp_free((PyObject *)a);
    Py_DECREF(tp);
}

static int array_traverse(gpa_array *a, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(a));
    Py_VISIT(a->base);
    return 0;
}

static int array_clear(gpa_array *a)
{
    Py_CLEAR(a->base);
    return 0;
}

/* ndarray(shape, strides=s): NumPy's rule for strides over a new buffer
 * of size * itemsize bytes: every element must lie inside it (so no
 * negative steps).  Unlike NumPy, steps must be multiples of the itemsize:
 * device memory is only ever accessed aligned. */
static int set_new_strides(gpa_array *a, PyObject *strides_obj)
{
    Py_ssize_t st[GPA_MAXDIMS];
    int n = gpa_parse_shape(strides_obj, st);
    if (n < 0)
        return -1;
    if (n != a->nd) {
        PyErr_SetString(PyExc_ValueError,
                        "strides, if given, must be the same length as "
                        "shape");
        return -1;
    }
    Py_ssize_t item = gpa_itemsize(a), lo = 0, hi = 0;
    for (int i = 0; i < n && a->size > 0; i++) {
        Py_ssize_t span = (a->shape[i] - 1) * st[i];
        if (span < 0)
            lo += span;
        else
            hi += span;
        if (st[i] % item != 0) {
            PyErr_SetString(PyExc_ValueError,
                            "strides must be multiples of the itemsize "
                            "(gpuarray arrays are always aligned)");
            return -1;
        }
    }
    if (a->size > 0 && (lo < 0 || hi + item > a->size * item)) {
        PyErr_SetString(PyExc_ValueError,
                        "strides is incompatible with shape of requested "
                        "array and size of buffer");
        return -1;
    }
    if (a->size == 0)
        return 0;                   /* NumPy keeps an empty array's zeros */
    memcpy(a->strides, st, (size_t)n * sizeof(Py_ssize_t));
    gpa_array_update_flags(a);
    return 0;
}

/* gpuarray.ndarray(shape, dtype=float, memptr=None, strides=None,
 *                  order='C'): uninitialised memory, as CuPy's. */
static PyObject *array_tp_new(PyTypeObject *type, PyObject *args,
                              PyObject *kwds)
{
    static char *kwlist[] = {"shape", "dtype", "memptr", "strides", "order",
                             NULL};
    PyObject *shape_obj, *dtype_obj = NULL, *memptr = Py_None;
    PyObject *strides_obj = Py_None, *order_obj = NULL;
    Py_ssize_t dims[GPA_MAXDIMS];
    int fortran = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OOOO:ndarray", kwlist,
                                     &shape_obj, &dtype_obj, &memptr,
                                     &strides_obj, &order_obj))
        return NULL;
    if (memptr != Py_None) {
        PyErr_SetString(PyExc_NotImplementedError,
                        "ndarray(memptr=) is not supported yet; use "
                        "gpuarray.empty");
        return NULL;
    }
    if (order_obj != NULL && order_obj != Py_None) {
        const char *o = PyUnicode_AsUTF8(order_obj);
        if (o == NULL)
            return NULL;
        if (strcmp(o, "F") == 0 || strcmp(o, "f") == 0)
            fortran = 1;
        else if (strcmp(o, "C") != 0 && strcmp(o, "c") != 0) {
            PyErr_SetString(PyExc_ValueError, "order must be 'C' or 'F'");
            return NULL;
        }
    }
    int nd = gpa_parse_shape(shape_obj, dims);
    if (nd < 0)
        return NULL;
    PyArray_Descr *descr = gpa_descr_from_obj(dtype_obj);
    if (descr == NULL)
        return NULL;
    gpa_device *dev = gpa_current_device();
    if (dev == NULL) {
        Py_DECREF(descr);
        return NULL;
    }
    gpa_array *a = gpa_array_empty(dev, descr, nd, dims, fortran);
    if (a != NULL && strides_obj != Py_None && set_new_strides(a,
                                                             strides_obj) < 0)
        Py_CLEAR(a);
    if (a != NULL && type != gpa_array_type) {
        /* a subclass: re-home the memory in an object of that type */
        gpa_array *sub = gpa_array_new_view(type, a->mem, a->descr, a->nd,
                                            a->shape, a->strides, a->data,
                                            NULL, 1);
        Py_INCREF(a->descr);
        if (sub)
            sub->flags |= GPA_OWNDATA;
        Py_DECREF(a);
        return (PyObject *)sub;
    }
    return (PyObject *)a;
}

/* Assembles the method table from each file's NULL-terminated fragment
 * (array_methods.h).  The table must outlive the type: it is allocated
 * once per process. */
static PyMethodDef *assemble_methods(void)
{
    PyMethodDef *parts[] = GPA_ARRAY_METHOD_FRAGMENTS;
    size_t n = 0, k = 0;
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++)
        for (PyMethodDef *m = parts[p]; m->ml_name; m++)
            n++;
    PyMethodDef *all = PyMem_Calloc(n + 1, sizeof(PyMethodDef));
    if (all == NULL)
        return NULL;
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++)
        for (PyMethodDef *m = parts[p]; m->ml_name; m++)
            all[k++] = *m;
    return all;
}

static PyMemberDef array_members[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(gpa_array, weakreflist),
     READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

int gpa_array_type_init(PyObject *module)
{
    PyMethodDef *methods = assemble_methods();
    if (methods == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    PyType_Slot slots[] = {
        {Py_tp_dealloc, array_dealloc},
        {Py_tp_traverse, array_traverse},
        {Py_tp_clear, array_clear},
        {Py_tp_new, array_tp_new},
        {Py_tp_methods, methods},
        {Py_tp_members, array_members},
        {Py_tp_getset, gpa_array_getset},
        {Py_tp_repr, gpa_array_repr},
        {Py_tp_str, gpa_array_str},
        {Py_tp_iter, gpa_array_iter},
        {Py_tp_richcompare, gpa_array_richcompare},
        {Py_tp_hash, PyObject_HashNotImplemented},
        {Py_mp_length, gpa_array_length},
        {Py_sq_length, gpa_array_length},
        {Py_sq_item, gpa_array_sq_item},
        {Py_mp_subscript, gpa_array_subscript},
        {Py_mp_ass_subscript, gpa_array_ass_subscript},
        {Py_bf_getbuffer, gpa_array_getbuffer},
        {Py_tp_doc, "gpuarray.ndarray: an N-dimensional array in device "
                    "memory (or host memory on the host device)."},
        GPA_NUMBER_SLOTS,
        {0, NULL},
    };
    PyType_Spec spec = {
        .name = "gpuarray.ndarray",
        .basicsize = sizeof(gpa_array),
        .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE |
                 Py_TPFLAGS_HAVE_GC,
        .slots = slots,
    };
    PyObject *type = PyType_FromModuleAndSpec(module, &spec, NULL);
    if (type == NULL)
        return -1;
    gpa_array_type = (PyTypeObject *)type;
    if (PyModule_AddObjectRef(module, "ndarray", type) < 0)
        return -1;
    return 0;
}
