/* scan.c - the scan engine (ops/reduce.h): inclusive scans along one axis
 * (cumsum, cumprod, nancumsum, ufunc.accumulate), one launch per call.
 *
 * Rows are every index of the other axes (merged as in Note [Reduction
 * layout]).  When the scanned axis is the innermost (smallest |stride|)
 * one, or there is one row, scan_tile runs a block per tile of a row with
 * the deterministic look-back of jit/scan_codegen.c; otherwise scan_col
 * runs a thread per row (coalesced across rows).  The look-back's flags
 * and values live in one pool temporary whose flag part is zeroed first.
 */
#include "ops/reduce.h"
#include "ops/layout.h"
#include "ops/copy.h"
#include "array/structured.h"
#include "python/module_functions.h"
#include "util.h"
#include "runtime/backend.h"

#define INDEX32_LIMIT (1LL << 30)

static long long cdiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

int gpa_scan(gpa_array *a, int axis, gpa_array *out,
             const gpa_red_spec *spec_in, double p0, double p1)
{
    gpa_device *dev = a->dev;
    gpa_red_spec spec = *spec_in;
    void *fns[GPA_SK_N];
    gpa_mem *work = NULL;
    long long kshape[GPA_RED_MAXD], kst[GPA_RED_MAXD], ost[GPA_RED_MAXD];
    gpa_dims rows; /* the other axes: (input, output) strides */
    int nk = 0, rc = -1, cuda = dev->kind == GPA_DEVICE_CUDA;

    if (out->dev != dev) {
        PyErr_SetString(PyExc_ValueError,
                        "the output array is on another device than the "
                        "input");
        return -1;
    }
    long long len = a->shape[axis], n_rows = 1;
    rows.nd = 0;
    rows.nops = 2;
    for (int d = 0; d < a->nd; d++) {
        if (d == axis)
            continue;
        n_rows *= a->shape[d];
        if (a->shape[d] == 1)
            continue;
        rows.shape[rows.nd] = a->shape[d];
        rows.stride[0][rows.nd] = a->strides[d];
        rows.stride[1][rows.nd++] = out->strides[d];
    }
    if (len == 0 || n_rows == 0)
        return 0;
    gpa_dims_sort_merge(&rows, 0, 2);
    nk = rows.nd;
    if (nk > GPA_RED_MAXD) {
        PyErr_SetString(PyExc_ValueError,
                        "scan: too many non-contiguous dimensions; copy the "
                        "array first");
        return -1;
    }
    for (int i = 0; i < nk; i++) {
        kshape[i] = rows.shape[i];
        kst[i] = rows.stride[0][i];
        ost[i] = rows.stride[1][i];
    }
    if (nk == 0) {
        nk = 1;
        kshape[0] = 1;
        kst[0] = ost[0] = 0;
    }
    long long sa = a->strides[axis], so = out->strides[axis];
    int tile = (n_rows == 1 || llabs(sa) <= llabs(kst[nk - 1])) &&
               !(cuda && len <= 64 && n_rows > 1);
    long long T = !cuda ? GPA_SCAN_ITEMS_HOST
                        : (long long)GPA_SCAN_BLOCK_CUDA *
                              gpa_scan_items_cuda(spec.acc_size);
    long long tpr = tile ? cdiv(len, T) : 1;
    long long ng = cdiv(tpr, 32), n2 = cdiv(ng, 32), n3 = cdiv(n2, 32);
    long long ext = llabs(sa) * (len - 1) + llabs(so) * (len - 1);
    for (int d = 0; d < nk; d++)
        ext += (kshape[d] - 1) * (llabs(kst[d]) + llabs(ost[d]));
    /* the tile counter, then a look-back cell per tile, group, level-2
     * and level-3 block (Notes [Deterministic look-back] and [Look-back
     * cells] in jit/scan_codegen.c), all zeroed */
    long long cell = (spec.acc_size + 4 + 15) / 16 * 16;
    long long wtotal = 16 + cell * n_rows * (tpr + ng + n2 + n3);
    spec.index64 = ext + 64 >= INDEX32_LIMIT ||
                   n_rows * tpr * T >= INDEX32_LIMIT ||
                   wtotal >= INDEX32_LIMIT;
    if (n_rows * tpr > 0x7fffffffLL) {
        PyErr_SetString(PyExc_ValueError, "scan: too many tiles");
        return -1;
    }
    if (gpa_red_kernels(dev, &spec, GPA_RED_SCAN, fns) < 0)
        return -1;

    gpa_rlayout32 l32;
    gpa_rlayout64 l64;
    memset(&l32, 0, sizeof l32);
    memset(&l64, 0, sizeof l64);
    l32.nk = l64.nk = nk;
    l32.nr = l64.nr = 1;
    for (int d = 0; d < nk; d++) {
        l64.kshape[d] = kshape[d];
        l64.kstride[d] = kst[d];
        l64.ostride[d] = ost[d];
        l32.kshape[d] = (int)kshape[d];
        l32.kstride[d] = (int)kst[d];
        l32.ostride[d] = (int)ost[d];
    }
    l64.rshape[0] = len;
    l64.rstride[0] = sa;
    l64.rstride[1] = so;
    l32.rshape[0] = (int)len;
    l32.rstride[0] = (int)sa;
    l32.rstride[1] = (int)so;

    char *src = a->data, *dst = out->data, *wp = NULL;
    gpa_dim3 grid = {1, 1, 1}, block = {1, 1, 1};
    void *fn;
    if (tile) {
        work = gpa_mem_alloc(dev, (size_t)wtotal);
        if (work == NULL)
            goto done;
        wp = work->ptr;
        if (dev->be->memset_d8(dev, wp, 0, (size_t)wtotal, dev->stream) < 0)
            goto done;
        fn = fns[GPA_SK_TILE];
        grid.x = (unsigned)(n_rows * tpr);
        block.x = cuda ? GPA_SCAN_BLOCK_CUDA : 1;
    } else {
        long long bs = cuda ? 256 : 1, blocks = cdiv(n_rows, bs);
        long long cap = cuda ? 64LL * dev->sm_count : (1LL << 20);
        fn = fns[GPA_SK_COL];
        grid.x = (unsigned)(blocks < cap ? blocks : cap);
        block.x = (unsigned)bs;
    }
    long long i64[6] = {n_rows, len, tpr, ng, n2, n3};
    int i32[6];
    void *args[12];
    for (int i = 0; i < 6; i++) {
        i32[i] = (int)i64[i];
        args[1 + i] = spec.index64 ? (void *)&i64[i] : (void *)&i32[i];
    }
    args[0] = spec.index64 ? (void *)&l64 : (void *)&l32;
    args[7] = &src;
    args[8] = &dst;
    args[9] = &wp;
    args[10] = &p0;
    args[11] = &p1;
    rc = dev->be->launch(dev, fn, grid, block, 0, dev->stream, args);
done:
    gpa_mem_decref(work);
    return rc;
}

/* _scan(a, axis, out, op, in_loop, out_loop, p0=0.0, p1=0.0) */
PyObject *gpa_py_scan(PyObject *self, PyObject *args)
{
    PyObject *a, *out, *op, *in_loop, *out_loop;
    Py_ssize_t axis;
    double p0 = 0, p1 = 0;
    gpa_red_spec spec;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!nO!OOO|dd:_scan", gpa_array_type, &a,
                          &axis, gpa_array_type, &out, &op, &in_loop,
                          &out_loop, &p0, &p1))
        return NULL;
    gpa_array *A = (gpa_array *)a, *O = (gpa_array *)out;
    if (A->nd == 0) {
        PyErr_SetString(PyExc_ValueError, "_scan: needs at least one axis");
        return NULL;
    }
    if (gpa_normalize_axis(&axis, A->nd) < 0)
        return NULL;
    if (O->nd != A->nd ||
        memcmp(O->shape, A->shape, sizeof(Py_ssize_t) * (size_t)A->nd)) {
        PyErr_SetString(PyExc_ValueError,
                        "output parameter for accumulation has the wrong "
                        "shape");
        return NULL;
    }
    if (gpa_red_spec_from_py(op, in_loop, out_loop, A, O, &spec) < 0)
        return NULL;
    /* Note [Data-only dtypes]: the kernel reads an aligned input */
    gpa_array *src = gpa_array_aligned(A) ? (Py_INCREF(A), A)
                                          : gpa_array_copy(A, NULL, 'K');
    if (src == NULL)
        return NULL;
    int rc = gpa_scan(src, (int)axis, O, &spec, p0, p1);
    Py_DECREF(src);
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}
