/* copy.c - copies, casts and fills (copy.h).
 *
 * Same-dtype copies between arrays contiguous in the same order are one
 * device-to-device memcpy; everything else is the elementwise kernel
 * "out0 = in0" with the cast done on store.
 */
#include "ops/copy.h"
#include "array/convert.h"
#include "array/structured.h"
#include "ops/elementwise.h"
#include "ops/layout.h"
#include "runtime/transfer.h"
#include "hooks.h"
#include "util.h"

#include <stdlib.h>

static const char COPY_BODY[] = "out0 = in0;";

/* Note [Keep order]: NumPy has two 'K' orders.  A new array "like" a
 * (copy, astype, empty_like) takes a's axes sorted by decreasing |stride|,
 * ties in axis order (gpa_memory_order in layout.c).  Reading a's elements in 'K'
 * order (flatten, ravel) follows NumPy's iterator instead: an insertion
 * sort from the innermost axis out in which a zero stride compares with
 * nothing, so broadcast axes keep their place.  Both read each axis in its
 * logical direction, whatever the sign of its stride. */
static void iteration_order(gpa_array *a, int *perm)
{
    gpa_iterator_order(&a, 1, a->nd, perm);
}

gpa_array *gpa_array_empty_like(gpa_array *a, PyArray_Descr *descr,
                                char order, int nd, const Py_ssize_t *shape)
{
    int c = (a->flags & GPA_C_CONTIGUOUS) != 0;
    int f = (a->flags & GPA_F_CONTIGUOUS) != 0;
    if (shape == NULL) {
        nd = a->nd;
        shape = a->shape;
    }
    if (order == 'A')
        order = f && !c ? 'F' : 'C';
    if (order == 'K') {
        if (c || nd != a->nd || nd <= 1)
            order = 'C';
        else if (f)
            order = 'F';
    }
    if (order != 'K')
        return gpa_array_empty(a->dev, descr, nd, shape, order == 'F');
    /* 'K': a's axes by |stride| (Note [Keep order]) */
    int perm[GPA_MAXDIMS];
    gpa_memory_order(a, perm);
    return gpa_array_empty_perm(a->dev, descr, nd, shape, perm);
}

gpa_array *gpa_array_empty_perm(gpa_device *dev, PyArray_Descr *descr,
                                int nd, const Py_ssize_t *shape,
                                const int *perm)
{
    /* C order over the permuted shape, then the axes put back */
    Py_ssize_t pshape[GPA_MAXDIMS] = {0}, strides[GPA_MAXDIMS];
    for (int i = 0; i < nd; i++)
        pshape[i] = shape[perm[i]];
    gpa_array *t = gpa_array_empty(dev, descr, nd, pshape, 0);
    if (t == NULL)
        return NULL;
    for (int i = 0; i < nd; i++) {
        pshape[perm[i]] = t->shape[i];
        strides[perm[i]] = t->strides[i];
    }
    memcpy(t->shape, pshape, (size_t)nd * sizeof(Py_ssize_t));
    memcpy(t->strides, strides, (size_t)nd * sizeof(Py_ssize_t));
    gpa_array_update_flags(t);
    return t;
}

static gpa_array *empty_in_order(gpa_array *a, PyArray_Descr *descr,
                                 char order)
{
    return gpa_array_empty_like(a, descr, order, a->nd, NULL);
}

static int same_contiguous_order(const gpa_array *a, const gpa_array *b)
{
    if (a->nd != b->nd)
        return 0;
    for (int i = 0; i < a->nd; i++)
        if (a->shape[i] != b->shape[i])
            return 0;
    return ((a->flags & b->flags & GPA_C_CONTIGUOUS) ||
            (a->flags & b->flags & GPA_F_CONTIGUOUS));
}

/* A cast to or from datetime64/timedelta64 (a unit change, to int or
 * float): gpuarray/_engine/datetimes.py's hook writes dst (Note
 * [Datetime storage]). */
static int datetime_assign(gpa_array *dst, gpa_array *src)
{
    PyObject *fn = gpa_hook("datetime_assign"); /* borrowed */
    if (fn == NULL)
        return -1;
    PyObject *r = PyObject_CallFunctionObjArgs(fn, (PyObject *)dst,
                                               (PyObject *)src, NULL);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    return 0;
}

int gpa_array_assign(gpa_array *dst, gpa_array *src)
{
    if ((gpa_type_is_datetime(gpa_type_num(dst)) ||
         gpa_type_is_datetime(gpa_type_num(src))) &&
        !PyArray_EquivTypes(dst->descr, src->descr))
        return datetime_assign(dst, src);
    if (src->nd > dst->nd) {
        /* NumPy drops leading length-1 axes of the source first */
        int extra = src->nd - dst->nd, ones = 1;
        for (int i = 0; i < extra; i++)
            ones &= src->shape[i] == 1;
        if (ones) {
            Py_INCREF(src->descr);
            gpa_array *v = gpa_array_view_of(src, src->descr, dst->nd,
                                             src->shape + extra,
                                             src->strides + extra,
                                             src->data);
            if (v == NULL)
                return -1;
            int rc = gpa_array_assign(dst, v);
            Py_DECREF(v);
            return rc;
        }
    }
    /* Note [Data-only dtypes]: void data and misaligned views as bytes */
    if (gpa_is_void(dst) || gpa_is_void(src) || !gpa_array_aligned(dst) ||
        !gpa_array_aligned(src))
        return gpa_assign_special(dst, src);
    /* NumPy's complex -> real cast warns (setitem, copyto, out=, joins),
     * empty or not; to bool nothing is discarded */
    if (gpa_casts_drop_imaginary(gpa_type_num(src), gpa_type_num(dst)) &&
        gpa_warn_complex_discarded() < 0)
        return -1;
    if (gpa_type_num(dst) == gpa_type_num(src) && dst->dev == src->dev &&
        same_contiguous_order(dst, src)) {
        if (dst->data == src->data)
            return 0;
        return gpa_copy_d2d(dst->dev, dst->data, src->dev, src->data,
                            (size_t)(dst->size * gpa_itemsize(dst)));
    }
    gpa_ew_operand ops[2];
    memset(ops, 0, sizeof ops);
    ops[0].arr = src;
    ops[0].loop_type = gpa_type_num(src);
    ops[1].arr = dst;
    ops[1].loop_type = gpa_type_num(src);
    return gpa_ew_run(COPY_BODY, NULL, 1, 1, ops);
}

gpa_array *gpa_array_copy(gpa_array *a, PyArray_Descr *descr, char order)
{
    if (descr == NULL) {
        descr = a->descr;
        Py_INCREF(descr);
    }
    gpa_array *out = empty_in_order(a, descr, order);
    if (out == NULL)
        return NULL;
    if (gpa_array_assign(out, a) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

gpa_array *gpa_array_flatten(gpa_array *a, char order)
{
    Py_ssize_t n = a->size, strides[GPA_MAXDIMS];
    gpa_array *out = NULL, *view = NULL;
    Py_INCREF(a->descr);
    out = gpa_array_empty(a->dev, a->descr, 1, &n, 0);
    if (out == NULL)
        return NULL;
    if (n == 0)
        return out;
    /* out seen with a's shape, in the order asked for */
    Py_ssize_t item = gpa_itemsize(a);
    if (order == 'K') {
        int perm[GPA_MAXDIMS];
        Py_ssize_t s = item;
        iteration_order(a, perm);
        for (int i = a->nd - 1; i >= 0; i--) {
            strides[perm[i]] = s;
            s *= a->shape[perm[i]];
        }
    } else {
        gpa_fill_strides(a->nd, a->shape, item, order == 'F', strides);
    }
    Py_INCREF(a->descr);
    view = gpa_array_view_of(out, a->descr, a->nd, a->shape, strides,
                             out->data);
    if (view == NULL || gpa_array_assign(view, a) < 0) {
        Py_XDECREF(view);
        Py_DECREF(out);
        return NULL;
    }
    Py_DECREF(view);
    return out;
}

int gpa_array_fill(gpa_array *dst, PyObject *value)
{
    gpa_ew_operand ops[2];
    memset(ops, 0, sizeof ops);
    int t = gpa_type_num(dst);
    if (gpa_array_check(value)) {
        gpa_array *v = (gpa_array *)value;
        return gpa_array_assign(dst, v);
    }
    if (gpa_is_void(dst)) {
        /* NumPy converts the value (a tuple, a np.void, 0...) */
        Py_INCREF(dst->descr);
        gpa_array *v = gpa_array_from_host(dst->dev, value, dst->descr, 'C');
        int rc = v ? gpa_array_assign(dst, v) : -1;
        Py_XDECREF(v);
        return rc;
    }
    if (gpa_type_is_datetime(t)) {
        /* NumPy's setitem conversion into dst's unit; int64 bytes */
        if (PyArray_Pack(dst->descr, ops[0].value.bytes, value) < 0)
            return -1;
        t = NPY_INT64;
    } else if (gpa_scalar_to_value(value, t, ops[0].value.bytes) < 0) {
        return -1;
    }
    if (dst->size == 0)
        return 0;
    /* A value whose bytes are all equal (0, -1, bools, bytes) is a
     * memset when the destination is one block. */
    Py_ssize_t item = gpa_itemsize(dst);
    int uniform = 1;
    for (Py_ssize_t i = 1; i < item; i++)
        if (ops[0].value.bytes[i] != ops[0].value.bytes[0])
            uniform = 0;
    if (uniform && (dst->flags & (GPA_C_CONTIGUOUS | GPA_F_CONTIGUOUS)))
        return dst->dev->be->memset_d8(dst->dev, dst->data,
                                       (unsigned char)ops[0].value.bytes[0],
                                       (size_t)(dst->size * item),
                                       dst->dev->stream);
    ops[0].arr = NULL;
    ops[0].loop_type = t;
    ops[1].arr = dst;
    ops[1].loop_type = gpa_type_num(dst);
    return gpa_ew_run(COPY_BODY, NULL, 1, 1, ops);
}
