/* elementwise.c - the elementwise engine (elementwise.h). */
#include "ops/elementwise.h"
#include "ops/copy.h"
#include "ops/layout.h"
#include "array/structured.h"
#include "runtime/backend.h"
#include "runtime/host_threads.h"
#include "util.h"

#include <stdlib.h>

#define BLOCK 256
#define INDEX32_LIMIT (1LL << 30)

/* Grid cap of the grid-stride kernels, per multiprocessor; 0 = none.
 * Measured on an H200 (benchmarks/NOTES.md): one step per thread with no
 * cap beat every cap from 4 to 64 blocks/SM by 4-7%. */
int gpa_ew_blocks_per_sm = 0;

int gpa_scalar_to_value(PyObject *obj, int t, void *out)
{
    if (gpa_type_is_datetime(t)) { /* the unit is not in t */
        PyErr_SetString(PyExc_TypeError,
                        "a datetime64/timedelta64 scalar needs its unit: "
                        "gpuarray converts it in its datetime routines");
        return -1;
    }
    /* Fast paths for the common weak scalars of the hot path. */
    if (PyFloat_CheckExact(obj)) {
        double v = PyFloat_AS_DOUBLE(obj);
        if (t == NPY_DOUBLE) {
            memcpy(out, &v, sizeof v);
            return 0;
        }
        if (t == NPY_FLOAT) {
            float f = (float)v;
            memcpy(out, &f, sizeof f);
            return 0;
        }
    } else if (PyLong_CheckExact(obj) && (t == NPY_DOUBLE || t == NPY_LONG)) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
        if (!overflow && !(v == -1 && PyErr_Occurred())) {
            if (t == NPY_DOUBLE) {
                double d = (double)v;
                memcpy(out, &d, sizeof d);
            } else {
                memcpy(out, &v, sizeof v);
            }
            return 0;
        }
        PyErr_Clear();
    }
    /* Everything else: NumPy's own setitem conversion. */
    PyArray_Descr *d = PyArray_DescrFromType(t);
    if (d == NULL)
        return -1;
    int rc = PyArray_Pack(d, out, obj);
    Py_DECREF(d);
    return rc < 0 ? -1 : 0;
}

static int raise_broadcast(const gpa_array *src, const gpa_array *dst)
{
    PyObject *s = gpa_tuple_from_ssize(src->nd, src->shape);
    PyObject *d = gpa_tuple_from_ssize(dst->nd, dst->shape);
    if (s && d)
        PyErr_Format(PyExc_ValueError,
                     "could not broadcast input array from shape %R into "
                     "shape %R", s, d);
    Py_XDECREF(s);
    Py_XDECREF(d);
    return -1;
}

static int overlaps(const gpa_array *a, const gpa_array *b)
{
    char *alo, *ahi, *blo, *bhi;
    /* by address range: two foreign wrappers may alias one buffer */
    gpa_array_extent(a, &alo, &ahi);
    gpa_array_extent(b, &blo, &bhi);
    return alo < bhi && blo < ahi;
}

static int same_layout(const gpa_array *a, const gpa_array *b)
{
    if (a->data != b->data || a->nd != b->nd ||
        gpa_itemsize(a) != gpa_itemsize(b))
        return 0;
    for (int i = 0; i < a->nd; i++)
        if (a->shape[i] != b->shape[i] ||
            (a->shape[i] > 1 && a->strides[i] != b->strides[i]))
            return 0;
    return 1;
}

/* The iteration layout (Note [Dimension merging] in layout.h): out's
 * axes other than length 1, ordered by the first output's strides and
 * merged.  Operand k's strides are L->stride[k]; scalars (arr NULL) and
 * broadcast axes have stride 0. */
static void build_layout(gpa_dims *L, gpa_ew_operand *ops, int nargs,
                         int key, const gpa_array *out)
{
    int nd = 0;
    L->nops = nargs;
    for (int d = 0; d < out->nd; d++) {
        if (out->shape[d] == 1)
            continue;
        L->shape[nd] = out->shape[d];
        for (int k = 0; k < nargs; k++) {
            gpa_array *a = ops[k].arr;
            int da = d - (out->nd - (a ? a->nd : 0)); /* from the right */
            L->stride[k][nd] = (a == NULL || da < 0 || a->shape[da] == 1)
                                   ? 0 : a->strides[da];
        }
        nd++;
    }
    L->nd = nd;
    gpa_dims_sort_merge(L, key, nargs);
}

static int ew_run(const char *body, const char *preamble, int nin,
                  int nout, gpa_ew_operand *ops, int masked);

/* Note [Datetime storage] (array.h): a datetime64/timedelta64 operand is
 * moved as its int64 storage when its loop type is its own type (a copy,
 * a gather, where); any conversion of its value would drop the unit, so
 * it is refused.  Returns 0 or -1 with TypeError. */
static int datetime_operands(const gpa_ew_operand *ops, int nargs)
{
    for (int k = 0; k < nargs; k++) {
        int mem = ops[k].arr ? gpa_type_num(ops[k].arr) : ops[k].loop_type;
        int loop = ops[k].loop_type;
        if (!gpa_type_is_datetime(mem) && !gpa_type_is_datetime(loop))
            continue;
        if (ops[k].arr == NULL) {
            PyErr_SetString(PyExc_TypeError,
                            "a datetime64/timedelta64 scalar operand has no "
                            "unit here: pass its int64 value");
            return -1;
        }
        if (mem != loop) {
            PyErr_Format(PyExc_TypeError,
                         "gpuarray has no kernel converting %R values "
                         "(datetime64/timedelta64 arithmetic and casts run "
                         "through gpuarray's datetime routines)",
                         (PyObject *)ops[k].arr->descr);
            return -1;
        }
    }
    return 0;
}

static int storage_type(int t)
{
    return gpa_type_is_datetime(t) ? NPY_INT64 : t;
}

int gpa_ew_run(const char *body, const char *preamble, int nin, int nout,
               gpa_ew_operand *ops)
{
    return ew_run(body, preamble, nin, nout, ops, 0);
}

int gpa_ew_run_masked(const char *body, const char *preamble, int nin,
                      int nout, gpa_ew_operand *ops)
{
    return ew_run(body, preamble, nin, nout, ops, 1);
}

static int ew_run(const char *body, const char *preamble, int nin,
                  int nout, gpa_ew_operand *ops, int masked)
{
    int nargs = nin + nout, rc = -1;
    gpa_array *tmp[GPA_EW_MAXARGS] = {0}, *orig[GPA_EW_MAXARGS];
    gpa_array *out = ops[nin].arr;
    gpa_device *dev = out->dev;
    gpa_ew_spec spec;
    gpa_dims L;

    if (nargs > GPA_EW_MAXARGS) {
        PyErr_Format(PyExc_ValueError, "too many operands (%d > %d)", nargs,
                     GPA_EW_MAXARGS);
        return -1;
    }
    if (datetime_operands(ops, nargs) < 0)
        return -1;
    for (int k = 0; k < nargs; k++) {
        gpa_array *a = ops[k].arr;
        if (a != NULL && gpa_kernel_dtype_check(a, "elementwise kernel") < 0)
            goto done;
        if (ops[k].loop_type == NPY_VOID) {
            PyErr_SetString(PyExc_TypeError, "elementwise kernel: no "
                            "kernel for a structured or void dtype");
            goto done;
        }
        if (a == NULL)
            continue;
        if (a->dev != dev) {
            PyErr_Format(PyExc_ValueError,
                         "arrays are on different devices (%s %d and %s %d); "
                         "move one with gpuarray.asarray under the other's "
                         "device", a->dev->be->name, a->dev->ordinal,
                         dev->be->name, dev->ordinal);
            goto done;
        }
        if (k < nin) {
            /* Leading length-1 axes beyond the output's rank are allowed
             * (NumPy drops them); build_layout maps axes from the right. */
            int extra = a->nd - out->nd;
            for (int d = 0; d < a->nd; d++) {
                if (d < extra) {
                    if (a->shape[d] != 1)
                        goto broadcast_error;
                    continue;
                }
                Py_ssize_t od = out->shape[d - extra];
                if (a->shape[d] != od && a->shape[d] != 1)
                    goto broadcast_error;
            }
        }
        continue;
broadcast_error:
        raise_broadcast(a, out);
        goto done;
    }
    if (out->size == 0)
        return 0;
    /* Inputs that partly overlap an output are read from a copy. */
    for (int k = 0; k < nin; k++) {
        gpa_array *a = ops[k].arr;
        if (a == NULL)
            continue;
        for (int o = nin; o < nargs; o++) {
            if (overlaps(a, ops[o].arr) && !same_layout(a, ops[o].arr)) {
                tmp[k] = gpa_array_copy(a, NULL, 'K');
                if (tmp[k] == NULL)
                    goto done;
                orig[k] = a;
                ops[k].arr = tmp[k];
                break;
            }
        }
    }

    /* Note [Data-only dtypes]: kernels see aligned operands; a misaligned
     * one is read from a copy and, as an output, written back after.  An
     * all-zero-stride input is one element broadcast: its copy is that
     * element, broadcast again.  (Pointer bases, `p0[i]` reaching memory
     * outside the view, are made of aligned arrays by their callers; a
     * broadcast output could only be one, so a misaligned one is
     * refused.) */
    for (int k = 0; k < nargs; k++) {
        gpa_array *a = ops[k].arr;
        if (a == NULL || tmp[k] != NULL || gpa_array_aligned(a))
            continue;
        int zero = a->size > 1;
        for (int d = 0; d < a->nd && zero; d++)
            zero = a->strides[d] == 0 || a->shape[d] == 1;
        if (zero && k >= nin) {
            PyErr_Format(PyExc_TypeError,
                         "elementwise kernel: a broadcast output of dtype "
                         "%R is not aligned for its type (a field of a "
                         "packed structure?)", (PyObject *)a->descr);
            goto done;
        }
        if (zero) {
            gpa_array *one = gpa_array_view_of(a, NULL, 0, NULL, NULL,
                                               a->data);
            gpa_array *c = one ? gpa_array_copy(one, NULL, 'C') : NULL;
            Py_XDECREF(one);
            if (c == NULL)
                goto done;
            tmp[k] = gpa_array_view_of(c, NULL, a->nd, a->shape, a->strides,
                                       c->data);
            Py_DECREF(c);           /* the view keeps c's memory */
        } else {
            tmp[k] = gpa_array_copy(a, NULL, 'K');
        }
        if (tmp[k] == NULL)
            goto done;
        orig[k] = a;
        ops[k].arr = tmp[k];
    }

    build_layout(&L, ops, nargs, nin, out);
    long long n = out->size, extent = n;
    int contiguous = L.nd <= 1;
    Py_ssize_t widest = 1;
    for (int k = 0; k < nargs; k++) {
        gpa_array *a = ops[k].arr;
        if (a == NULL)
            continue;
        Py_ssize_t item = gpa_itemsize(a);
        if (item > widest)
            widest = item;
        if (L.nd == 1 && L.stride[k][0] != item)
            contiguous = 0;
        long long span = 0;
        for (int d = 0; d < L.nd; d++)
            span += (L.shape[d] - 1) * llabs((long long)L.stride[k][d]);
        if (span + item > extent)
            extent = span + item;
    }

    memset(&spec, 0, sizeof spec);
    spec.body = body;
    spec.preamble = preamble;
    spec.nin = nin;
    spec.nout = nout;
    spec.index64 = extent >= INDEX32_LIMIT;
    spec.ndim = contiguous ? 0 : L.nd;
    spec.vec = 1;
    for (int k = 0; k < nargs; k++) {
        spec.is_scalar[k] = ops[k].arr == NULL;
        spec.loop_type[k] = storage_type(ops[k].loop_type);
        spec.mem_type[k] = storage_type(ops[k].arr ? gpa_type_num(ops[k].arr)
                                                   : ops[k].loop_type);
    }
    /* host: the contiguous loop is the compiler's to vectorize (Note
     * [Host elementwise loop]); one text per loop, whatever the alignment */
    if (contiguous && !masked && widest <= 16 && n >= 64 &&
        dev->kind == GPA_DEVICE_CUDA) {
        int vec = (int)(16 / widest), aligned = 1;
        for (int k = 0; k < nargs; k++)
            if (ops[k].arr &&
                ((uintptr_t)ops[k].arr->data) %
                    (uintptr_t)(vec * gpa_itemsize(ops[k].arr)))
                aligned = 0;
        spec.vec = aligned ? vec : 1;
    }

    void *fn = gpa_ew_kernel(dev, &spec);
    if (fn == NULL)
        goto done;

    /* Arguments, as cuLaunchKernel takes them: pointers to values. */
    void *args[GPA_EW_MAXARGS + 2];
    long long n64 = n;
    int n32 = (int)n;
    long long st64[GPA_MAXDIMS * (GPA_EW_MAXARGS + 1)];
    int st32[GPA_MAXDIMS * (GPA_EW_MAXARGS + 1)];
    char *ptrs[GPA_EW_MAXARGS];
    int p = 0;
    args[p++] = spec.index64 ? (void *)&n64 : (void *)&n32;
    if (spec.ndim > 0) {
        int w = 0;
        for (int d = 0; d < L.nd; d++) {
            st64[w] = L.shape[d];
            st32[w++] = (int)L.shape[d];
        }
        for (int k = 0; k < nargs; k++) {
            if (ops[k].arr == NULL)
                continue;
            for (int d = 0; d < L.nd; d++) {
                st64[w] = L.stride[k][d];
                st32[w++] = (int)L.stride[k][d];
            }
        }
        args[p++] = spec.index64 ? (void *)st64 : (void *)st32;
    }
    for (int k = 0; k < nargs; k++) {
        if (ops[k].arr) {
            ptrs[k] = ops[k].arr->data;
            args[p++] = &ptrs[k];
        } else {
            args[p++] = ops[k].value.bytes;
        }
    }

    gpa_dim3 grid = {1, 1, 1}, block = {1, 1, 1};
    if (dev->kind == GPA_DEVICE_CUDA) {
        long long units = spec.ndim == 0 ? n / spec.vec + n % spec.vec : n;
        if (spec.vec > 1)
            units = (units + GPA_EW_UNROLL - 1) / GPA_EW_UNROLL;
        long long blocks = (units + BLOCK - 1) / BLOCK;
        long long cap = gpa_ew_blocks_per_sm > 0
                            ? (long long)dev->sm_count * gpa_ew_blocks_per_sm
                            : (1LL << 31) - 1;
        block.x = BLOCK;
        grid.x = (unsigned)(blocks < cap ? (blocks ? blocks : 1) : cap);
    } else {
        long long bytes = 0;
        for (int k = 0; k < nargs; k++)
            if (ops[k].arr)
                bytes += (long long)gpa_itemsize(ops[k].arr);
        grid.x = gpa_host_split(n, bytes * n);
    }
    rc = dev->be->launch(dev, fn, grid, block, 0, dev->stream, args);
    for (int k = nin; k < nargs && rc == 0; k++)
        if (tmp[k] != NULL)
            rc = gpa_array_assign(orig[k], tmp[k]);
done:
    for (int k = 0; k < nargs; k++) {
        if (tmp[k]) {
            ops[k].arr = orig[k];
            Py_DECREF(tmp[k]);
        }
    }
    return rc;
}
