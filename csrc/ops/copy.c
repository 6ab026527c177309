/* copy.c - copies, casts and fills (copy.h).
 *
 * Same-dtype copies between arrays contiguous in the same order are one
 * device-to-device memcpy; everything else is the elementwise kernel
 * "out0 = in0" with the cast done on store.
 */
#include "ops/copy.h"
#include "ops/elementwise.h"
#include "runtime/transfer.h"

#include <stdlib.h>

static const char COPY_BODY[] = "out0 = in0;";

/* Axis order of a from outermost to innermost (by |stride|, stable). */
static void memory_order(const gpa_array *a, int *perm)
{
    for (int i = 0; i < a->nd; i++)
        perm[i] = i;
    for (int i = 1; i < a->nd; i++) {
        int p = perm[i], j = i;
        long long sp = llabs((long long)a->strides[p]);
        while (j > 0 && llabs((long long)a->strides[perm[j - 1]]) < sp) {
            perm[j] = perm[j - 1];
            j--;
        }
        perm[j] = p;
    }
}

/* Empty array like a (shape) in the requested order, dtype descr
 * (stolen). */
static gpa_array *empty_in_order(gpa_array *a, PyArray_Descr *descr,
                                 char order)
{
    int c = (a->flags & GPA_C_CONTIGUOUS) != 0;
    int f = (a->flags & GPA_F_CONTIGUOUS) != 0;
    if (order == 'A')
        order = f && !c ? 'F' : 'C';
    if (order == 'K') {
        if (c || a->nd <= 1)
            order = 'C';
        else if (f)
            order = 'F';
    }
    if (order != 'K')
        return gpa_array_empty(a->dev, descr, a->nd, a->shape, order == 'F');
    /* 'K': allocate C order over the memory-ordered shape, then view it
     * with the axes put back. */
    int perm[GPA_MAXDIMS];
    Py_ssize_t shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    memory_order(a, perm);
    for (int i = 0; i < a->nd; i++)
        shape[i] = a->shape[perm[i]];
    gpa_array *t = gpa_array_empty(a->dev, descr, a->nd, shape, 0);
    if (t == NULL)
        return NULL;
    for (int i = 0; i < a->nd; i++) {
        shape[perm[i]] = t->shape[i];
        strides[perm[i]] = t->strides[i];
    }
    memcpy(t->shape, shape, (size_t)a->nd * sizeof(Py_ssize_t));
    memcpy(t->strides, strides, (size_t)a->nd * sizeof(Py_ssize_t));
    gpa_array_update_flags(t);
    return t;
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

int gpa_array_assign(gpa_array *dst, gpa_array *src)
{
    if (dst->size == 0 && src->size <= 1)
        return 0;
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

int gpa_array_fill(gpa_array *dst, PyObject *value)
{
    gpa_ew_operand ops[2];
    memset(ops, 0, sizeof ops);
    int t = gpa_type_num(dst);
    if (gpa_array_check(value)) {
        gpa_array *v = (gpa_array *)value;
        return gpa_array_assign(dst, v);
    }
    if (gpa_scalar_to_value(value, t, ops[0].value.bytes, 1) < 0)
        return -1;
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
    ops[1].loop_type = t;
    return gpa_ew_run(COPY_BODY, NULL, 1, 1, ops);
}
