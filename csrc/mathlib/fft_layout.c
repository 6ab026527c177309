/* fft_layout.c - turns (input array, output array, transform axes) into
 * cuFFT's advanced data layout (Note [FFT layout] in fft.h), without
 * copies wherever the strides allow it.
 *
 * Written once for both backends: cuFFT plans are made from it
 * (fft_cufft.c), and the host backend builds NumPy views from the same
 * description and hands them to pocketfft (gpuarray/fft/_host.py), so a
 * wrong stride or embed here fails the host tests too.
 *
 * The transform axes are ordered by decreasing input stride (the real
 * axis of R2C/C2R stays innermost: cuFFT halves n[rank - 1]); their
 * strides must nest, each a whole multiple (>= the inner extent) of the
 * next, which gives the embeds.  The other axes are merged where their
 * strides allow; the longest merged run becomes cuFFT's batch and the
 * rest run as a short loop of calls.  Anything else (negative, zero or
 * fractional strides, misaligned data) is reported as "copy first".
 */
#include "mathlib/fft.h"

#include <stdint.h>

typedef struct {
    long long ext, is, os;  /* extent, input and output element strides */
} dim_rec;

/* 1 when the element type of `a` is the one `kind` wants on that side:
 * complex64/128 (want_complex) or float32/64 (!want_complex), and
 * *prec is its precision (4 or 8 bytes per real). */
static int
side_type(gpa_array *a, int want_complex, int *prec)
{
    int t = gpa_type_num(a);
    if (want_complex && (t == NPY_CFLOAT || t == NPY_CDOUBLE)) {
        *prec = t == NPY_CFLOAT ? 4 : 8;
        return 1;
    }
    if (!want_complex && (t == NPY_FLOAT || t == NPY_DOUBLE)) {
        *prec = t == NPY_FLOAT ? 4 : 8;
        return 1;
    }
    return 0;
}

/* Element stride of dimension d of a, or 0 when it is not a positive
 * whole number of elements (extent-1 dimensions: 1, a placeholder). */
static long long
elem_stride(gpa_array *a, int d)
{
    Py_ssize_t item = gpa_itemsize(a), s = a->strides[d];
    if (a->shape[d] == 1)
        return 1;
    if (s <= 0 || s % item != 0)
        return 0;
    return s / item;
}

/* Embeds of one side from strides st[] and memory extents m[] of the
 * transform dims in plan order: 1 and embed[]/stride filled, or 0 when the
 * strides do not nest.  Extent-1 dims get the stride that nests. */
static int
nest(int rank, long long *st, const long long *m, long long *embed,
     long long *stride)
{
    int k;
    for (k = rank - 1; k >= 0; k--)
        if (m[k] == 1)
            st[k] = k == rank - 1 ? 1 : st[k + 1] * m[k + 1];
    for (k = 0; k < rank; k++)
        if (st[k] <= 0)
            return 0;
    for (k = 0; k + 1 < rank; k++) {
        if (st[k] % st[k + 1] != 0 || st[k] / st[k + 1] < m[k + 1])
            return 0;
        embed[k + 1] = st[k] / st[k + 1];
    }
    embed[0] = m[0];
    *stride = st[rank - 1];
    return 1;
}

static int
check_args(gpa_array *x, gpa_array *y, int rank, const int *axes, int kind,
           int *in_axis)
{
    int d, k, px = 0, py = 0, ok;

    if (rank < 1 || rank > 3 || x->nd != y->nd || x->dev != y->dev)
        goto bad;
    ok = kind == GPA_FFT_C2C ? side_type(x, 1, &px) && side_type(y, 1, &py)
         : kind == GPA_FFT_R2C ? side_type(x, 0, &px) && side_type(y, 1, &py)
         : kind == GPA_FFT_C2R ? side_type(x, 1, &px) && side_type(y, 0, &py)
                               : 0;
    if (!ok || px != py)
        goto bad;
    for (d = 0; d < x->nd; d++)
        in_axis[d] = -1;
    for (k = 0; k < rank; k++) {
        if (axes[k] < 0 || axes[k] >= x->nd || in_axis[axes[k]] >= 0)
            goto bad;
        in_axis[axes[k]] = k;
    }
    for (d = 0; d < x->nd; d++) {
        Py_ssize_t xs = x->shape[d], ys = y->shape[d];
        int real_axis = in_axis[d] == rank - 1 && kind != GPA_FFT_C2C;
        if (real_axis && kind == GPA_FFT_R2C ? ys != xs / 2 + 1
            : real_axis ? xs != ys / 2 + 1 : xs != ys)
            goto bad;
    }
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError,
                    "_fft_layout: arrays, axes and kind do not fit together");
    return -1;
}

/* Note [Real side alignment]: cuFFT's R2C and C2R take the real side of
 * each call only at an address aligned like the complex element (2 x the
 * real's size): on the H200 cufftXtExec said CUFFT_INVALID_VALUE for a
 * real pointer at an odd element (an offset view, or the second call of a
 * loop stepping an odd number of reals), while batches inside one call at
 * odd distances ran.  1 when every call's real pointer is aligned so, else
 * 0 (copy first), on both backends so the host tests take the same path. */
static int
real_side_aligned(gpa_array *x, gpa_array *y, int kind, const gpa_fft_layout *L)
{
    gpa_array *r = kind == GPA_FFT_R2C ? x : kind == GPA_FFT_C2R ? y : NULL;
    uintptr_t want;
    int k;
    if (r == NULL)
        return 1;
    want = 2 * (uintptr_t)gpa_itemsize(r);
    if ((uintptr_t)r->data % want != 0)
        return 0;
    for (k = 0; k < L->nloops; k++) {
        long long step = kind == GPA_FFT_R2C ? L->loop_i[k] : L->loop_o[k];
        if ((uintptr_t)((step < 0 ? -step : step) * gpa_itemsize(r)) % want)
            return 0;
    }
    return 1;
}

int
gpa_fft_make_layout(gpa_array *x, gpa_array *y, int rank, const int *axes,
                    int kind, gpa_fft_layout *L)
{
    int in_axis[GPA_MAXDIMS], order[3], d, i, j, k, nb = 0;
    long long sti[3], sto[3], mi[3], mo[3], calls = 1;
    dim_rec b[GPA_MAXDIMS], t;

    if (check_args(x, y, rank, axes, kind, in_axis) < 0)
        return -1;
    memset(L, 0, sizeof *L);
    L->kind = kind;
    L->rank = rank;
    if ((uintptr_t)x->data % (uintptr_t)gpa_itemsize(x) != 0 ||
        (uintptr_t)y->data % (uintptr_t)gpa_itemsize(y) != 0)
        return 0;
    /* transform dims in plan order (insertion sort, real axis kept last) */
    for (k = 0; k < rank; k++)
        order[k] = axes[k];
    for (i = 1; i < (kind == GPA_FFT_C2C ? rank : rank - 1); i++)
        for (j = i; j > 0; j--) {
            Py_ssize_t a = x->strides[order[j - 1]];
            Py_ssize_t c = x->strides[order[j]];
            if (a >= c)
                break;
            k = order[j - 1], order[j - 1] = order[j], order[j] = k;
        }
    for (k = 0; k < rank; k++) {
        d = order[k];
        L->order[k] = d;
        mi[k] = x->shape[d];
        mo[k] = y->shape[d];
        L->n[k] = kind == GPA_FFT_C2R ? mo[k] : mi[k];
        sti[k] = elem_stride(x, d);
        sto[k] = elem_stride(y, d);
    }
    if (!nest(rank, sti, mi, L->inembed, &L->istride) ||
        !nest(rank, sto, mo, L->onembed, &L->ostride))
        return 0;
    /* the other dims, sorted by input stride, merged where they nest */
    L->batch = 1;
    for (d = 0; d < x->nd; d++) {
        if (in_axis[d] >= 0 || x->shape[d] == 1)
            continue;
        if (x->shape[d] == 0) {
            L->batch = 0;
            return 1;
        }
        b[nb].ext = x->shape[d];
        b[nb].is = elem_stride(x, d);
        b[nb].os = elem_stride(y, d);
        if (b[nb].is <= 0 || b[nb].os <= 0)
            return 0;
        for (j = nb; j > 0 && (b[j - 1].is < b[j].is ||
                               (b[j - 1].is == b[j].is &&
                                b[j - 1].os < b[j].os)); j--)
            t = b[j - 1], b[j - 1] = b[j], b[j] = t;
        nb++;
    }
    for (i = nb - 1; i > 0; i--)
        if (b[i - 1].is == b[i].is * b[i].ext &&
            b[i - 1].os == b[i].os * b[i].ext) {
            b[i].ext *= b[i - 1].ext;
            for (j = i - 1; j + 1 < nb; j++)
                b[j] = b[j + 1];
            nb--;
        }
    L->idist = L->istride * L->inembed[0];
    L->odist = L->ostride * L->onembed[0];
    for (k = 1; k < rank; k++) {
        L->idist *= L->inembed[k];
        L->odist *= L->onembed[k];
    }
    j = -1;
    for (i = 0; i < nb; i++)
        if (j < 0 || b[i].ext > b[j].ext)
            j = i;
    for (i = 0; i < nb; i++) {
        if (i == j) {
            L->batch = b[i].ext;
            L->idist = b[i].is;
            L->odist = b[i].os;
            continue;
        }
        calls *= b[i].ext;
        if (calls > GPA_FFT_MAX_LOOP_CALLS)
            return 0;
        L->loop_n[L->nloops] = b[i].ext;
        L->loop_i[L->nloops] = b[i].is;
        L->loop_o[L->nloops] = b[i].os;
        L->nloops++;
    }
    return real_side_aligned(x, y, kind, L);
}

/* Reads a tuple of axis numbers (at most 3). -1 with TypeError. */
static int
parse_axes(PyObject *obj, int *axes)
{
    Py_ssize_t i, n;
    if (!PyTuple_Check(obj) || (n = PyTuple_GET_SIZE(obj)) < 1 || n > 3) {
        PyErr_SetString(PyExc_TypeError,
                        "_fft: axes must be a tuple of 1 to 3 ints");
        return -1;
    }
    for (i = 0; i < n; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(obj, i));
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < 0 || v >= GPA_MAXDIMS) {
            PyErr_SetString(PyExc_ValueError, "_fft: bad axis");
            return -1;
        }
        axes[i] = (int)v;
    }
    return (int)n;
}

/* Shared by _fft_layout and _fft_exec: parses (x, y, axes, kind, ...)
 * and fills *L.  1, 0 (copy first) or -1 with an exception. */
int
gpa_fft_layout_from_args(PyObject *x, PyObject *y, PyObject *axes_obj,
                         int kind, gpa_fft_layout *L)
{
    int axes[3], rank;
    if (!gpa_array_check(x) || !gpa_array_check(y)) {
        PyErr_SetString(PyExc_TypeError, "_fft: arrays expected");
        return -1;
    }
    rank = parse_axes(axes_obj, axes);
    if (rank < 0)
        return -1;
    return gpa_fft_make_layout((gpa_array *)x, (gpa_array *)y, rank, axes,
                               kind, L);
}

static PyObject *
ll_tuple(int n, const long long *v)
{
    PyObject *t = PyTuple_New(n);
    int i;
    for (i = 0; t != NULL && i < n; i++) {
        PyObject *o = PyLong_FromLongLong(v[i]);
        if (o == NULL) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, o);
    }
    return t;
}

/* The layout as a dict (new reference); `axes` is stored as given. */
PyObject *
gpa_fft_layout_dict(const gpa_fft_layout *L, PyObject *axes)
{
    PyObject *order = NULL, *loops = NULL, *res = NULL;
    long long ord[3];
    int k;

    for (k = 0; k < L->rank; k++)
        ord[k] = L->order[k];
    order = ll_tuple(L->rank, ord);
    loops = PyTuple_New(L->nloops);
    for (k = 0; loops != NULL && k < L->nloops; k++) {
        PyObject *o = Py_BuildValue("(LLL)", L->loop_n[k], L->loop_i[k],
                                    L->loop_o[k]);
        if (o == NULL)
            goto fail;
        PyTuple_SET_ITEM(loops, k, o);
    }
    if (order == NULL || loops == NULL)
        goto fail;
    res = Py_BuildValue(
        "{s:i,s:N,s:N,s:N,s:L,s:L,s:N,s:L,s:L,s:L,s:O,s:O}", "kind", L->kind,
        "n", ll_tuple(L->rank, L->n), "order", order, "inembed",
        ll_tuple(L->rank, L->inembed), "istride", L->istride, "idist",
        L->idist, "onembed", ll_tuple(L->rank, L->onembed), "ostride",
        L->ostride, "odist", L->odist, "batch", L->batch, "loops", loops,
        "axes", axes);
    order = NULL; /* stolen by N */
fail:
    Py_XDECREF(order);
    Py_XDECREF(loops);
    return res;
}

/* _fft_layout(x, y, axes, kind): the layout as a dict (new reference),
 * None when the arrays must be copied first.  Touches no cache. */
PyObject *
gpa_py_fft_layout(PyObject *self, PyObject *args)
{
    PyObject *x, *y, *axes;
    gpa_fft_layout L;
    int kind, rc;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "OOOi", &x, &y, &axes, &kind))
        return NULL;
    rc = gpa_fft_layout_from_args(x, y, axes, kind, &L);
    if (rc < 0)
        return NULL;
    if (rc == 0)
        Py_RETURN_NONE;
    return gpa_fft_layout_dict(&L, axes);
}
