/* reduce.c - the reduction engine (ops/reduce.h): layout analysis,
 * strategy, launch configuration, partial passes, and `_core._reduce`.
 *
 * Note [Reduction layout]: kept axes (outputs) and reduced axes are
 * handled as two groups.  Length-1 axes are dropped; each group is
 * ordered by |input stride|, outer first, and adjacent axes merge when
 * contiguous for every stride the group carries (input and output for
 * kept axes; input and, when the op reads gpa_i, the C-order index for
 * reduced axes).  Reduced axes with negative strides are walked forwards
 * when the op does not read gpa_i (a sum does not care about order of
 * memory, only the tree shape, which stays a function of the sizes).
 * Strategy:
 *   row     the innermost reduced stride is smaller than the innermost
 *           kept one (or everything is reduced): a group of lanes per
 *           output; long rows with few outputs are split over blocks.
 *   column  otherwise: a thread per output walks the reduced elements;
 *           with too few outputs the reduced range is split over
 *           blockIdx.y.
 * Splits write acc_t partials ([n_out][S] for rows, [S][n_out] for
 * columns) that the *_acc kernels reduce, until one value per output is
 * left (Note [Deterministic reductions] in jit/reduce_codegen.c).  On host
 * a block is one thread, so each block's sequential run is capped at
 * HOST_CHUNK elements (pairwise-like accuracy for float sums).
 */
#include "ops/reduce.h"
#include "ops/copy.h"
#include "array/structured.h"
#include "ops/layout.h"
#include "ops/reduction_defs.h"
#include "python/module_functions.h"
#include "util.h"
#include "runtime/backend.h"

#include <stdlib.h>

#define HOST_CHUNK 4096

int gpa_red_row_blocks_per_sm = 8;
int gpa_red_col_blocks_per_sm = 8;
#define INDEX32_LIMIT (1LL << 30)

typedef struct {
    int nk, nr;
    long long kshape[GPA_RED_MAXD], kstride[GPA_RED_MAXD],
        ostride[GPA_RED_MAXD];
    long long rshape[GPA_RED_MAXD], rstride[GPA_RED_MAXD],
        rlog[GPA_RED_MAXD];
    char *src;          /* input data, moved for flipped strides */
} red_layout;

/* Builds the layout; returns 0, or 1 when there are more merged dims
 * than the kernels index (the caller copies the input first). */
static int build_layout(const gpa_array *a, const char *mask,
                        const gpa_array *out, int uses_index, red_layout *L,
                        long long *n_out, long long *n_red)
{
    /* kept axes: (input, output) strides; reduced: (input, C index) */
    enum { KEEP_IN = 0, KEEP_OUT = 1, RED_IN = 0, RED_LOG = 1 };
    gpa_dims k, r;
    int kpos = 0;
    long long logstride = 1;
    k.nd = r.nd = 0;
    k.nops = r.nops = 2;
    *n_out = 1;
    *n_red = 1;
    L->src = a->data;
    /* C-order index strides of the reduced axes */
    long long rlog_of[GPA_MAXDIMS];
    for (int d = a->nd - 1; d >= 0; d--) {
        if (mask[d]) {
            rlog_of[d] = logstride;
            logstride *= a->shape[d];
        }
    }
    for (int d = 0; d < a->nd; d++) {
        long long n = a->shape[d];
        if (mask[d]) {
            *n_red *= n;
            if (n != 1) {
                long long st = a->strides[d];
                if (st < 0 && !uses_index) {
                    L->src += st * (n - 1);
                    st = -st;
                }
                r.shape[r.nd] = n;
                r.stride[RED_IN][r.nd] = st;
                r.stride[RED_LOG][r.nd++] = rlog_of[d];
            }
            if (out->nd == a->nd)
                kpos++;
        } else {
            *n_out *= n;
            long long os = out->strides[kpos++];
            if (n != 1) {
                k.shape[k.nd] = n;
                k.stride[KEEP_IN][k.nd] = a->strides[d];
                k.stride[KEEP_OUT][k.nd++] = os;
            }
        }
    }
    gpa_dims_sort_merge(&k, KEEP_IN, 2);
    gpa_dims_sort_merge(&r, RED_IN, uses_index ? 2 : 1);
    if (k.nd > GPA_RED_MAXD || r.nd > GPA_RED_MAXD)
        return 1;
    L->nk = k.nd;
    for (int i = 0; i < k.nd; i++) {
        L->kshape[i] = k.shape[i];
        L->kstride[i] = k.stride[KEEP_IN][i];
        L->ostride[i] = k.stride[KEEP_OUT][i];
    }
    if (r.nd == 0) { /* nothing or one element to reduce: one dim of n_red */
        r.nd = 1;
        r.shape[0] = *n_red;
        r.stride[RED_IN][0] = r.stride[RED_LOG][0] = 0;
    }
    L->nr = r.nd;
    for (int i = 0; i < r.nd; i++) {
        L->rshape[i] = r.shape[i];
        L->rstride[i] = r.stride[RED_IN][i];
        L->rlog[i] = r.stride[RED_LOG][i];
    }
    return 0;
}

static long long span_of(const long long *shape, const long long *stride,
                         int n)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += (shape[i] > 0 ? shape[i] - 1 : 0) * llabs(stride[i]);
    return s;
}

static long long cdiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

/* One launch of kernel fn over layout L. */
static int launch(gpa_device *dev, void *fn, const red_layout *L,
                  int index64, gpa_dim3 grid, gpa_dim3 block, long long n_out,
                  long long n_red, long long S, long long chunk,
                  const char *src, char *dst, int final_, long long n_total,
                  double p0, double p1)
{
    gpa_rlayout32 l32;
    gpa_rlayout64 l64;
    int i32[4];
    long long i64[4] = {n_out, n_red, S, chunk};
    void *args[11];
    memset(&l32, 0, sizeof l32);
    memset(&l64, 0, sizeof l64);
    l32.nk = l64.nk = L->nk;
    l32.nr = l64.nr = L->nr;
    for (int d = 0; d < GPA_RED_MAXD; d++) {
        l64.kshape[d] = L->kshape[d];
        l64.kstride[d] = L->kstride[d];
        l64.ostride[d] = L->ostride[d];
        l64.rshape[d] = L->rshape[d];
        l64.rstride[d] = L->rstride[d];
        l64.rlog[d] = l32.rlog[d] = L->rlog[d];
        l32.kshape[d] = (int)L->kshape[d];
        l32.kstride[d] = (int)L->kstride[d];
        l32.ostride[d] = (int)L->ostride[d];
        l32.rshape[d] = (int)L->rshape[d];
        l32.rstride[d] = (int)L->rstride[d];
    }
    for (int i = 0; i < 4; i++)
        i32[i] = (int)i64[i];
    args[0] = index64 ? (void *)&l64 : (void *)&l32;
    for (int i = 0; i < 4; i++)
        args[1 + i] = index64 ? (void *)&i64[i] : (void *)&i32[i];
    args[5] = &src;
    args[6] = &dst;
    args[7] = &final_;
    args[8] = &n_total;
    args[9] = &p0;
    args[10] = &p1;
    return dev->be->launch(dev, fn, grid, block, 0, dev->stream, args);
}

/* Splits of a row: how many blocks share one output's reduced range. */
static long long row_splits(gpa_device *dev, long long n_out, long long n_red)
{
    if (dev->kind != GPA_DEVICE_CUDA)
        return n_red > HOST_CHUNK ? cdiv(n_red, HOST_CHUNK) : 1;
    long long target = (long long)gpa_red_row_blocks_per_sm * dev->sm_count;
    long long min_chunk = 16LL * GPA_RED_BLOCK_CUDA;
    long long S = cdiv(target, n_out);
    long long most = n_red / min_chunk;
    if (S > most)
        S = most;
    return S < 1 ? 1 : S;
}

static long long col_splits(gpa_device *dev, long long n_out, long long n_red)
{
    long long S;
    if (dev->kind != GPA_DEVICE_CUDA) {
        S = n_red > HOST_CHUNK ? cdiv(n_red, HOST_CHUNK) : 1;
    } else {
        long long blocks = cdiv(n_out, GPA_RED_COLBLOCK_CUDA);
        S = cdiv((long long)gpa_red_col_blocks_per_sm * dev->sm_count,
                 blocks);
        if (S > n_red / 64)
            S = n_red / 64;
    }
    if (S > 65535)
        S = 65535;
    return S < 1 ? 1 : S;
}

/* Outputs per thread of red_col_v (gpa_red_col_v's V), or 1 when the
 * layout doesn't allow it: the outputs' innermost axis must be contiguous
 * in the input and every stride and the start V-element aligned, so each
 * thread's V outputs are one aligned vector per reduced element.  Ops
 * that read the element index (argmin/argmax) keep the scalar kernel. */
static int col_vector_width(const red_layout *L, long long item,
                            long long n_out, int uses_index)
{
    long long v = item < 16 ? 16 / item : 1;
    if (v > 4)
        v = 4;
    long long width = v * item;
    if (v == 1 || uses_index || L->nk < 1 || n_out % v != 0 ||
        L->kstride[L->nk - 1] != item || L->kshape[L->nk - 1] % v != 0 ||
        (uintptr_t)L->src % (uintptr_t)width != 0)
        return 1;
    for (int d = 0; d < L->nk - 1; d++)
        if (L->kstride[d] % width != 0)
            return 1;
    for (int d = 0; d < L->nr; d++)
        if (L->rstride[d] % width != 0)
            return 1;
    return (int)v;
}

/* C-order element strides of the kept dims, times `unit` bytes. */
static void kept_cstrides(red_layout *P, const red_layout *L, long long unit)
{
    long long s = unit;
    for (int d = L->nk - 1; d >= 0; d--) {
        P->kstride[d] = s;
        s *= L->kshape[d];
    }
}

int gpa_reduce(gpa_array *a, const char *mask, gpa_array *out,
               const gpa_red_spec *spec_in, double p0, double p1)
{
    gpa_device *dev = a->dev;
    gpa_array *copy = NULL;
    gpa_mem *tmp[2] = {NULL, NULL};
    void *fns[GPA_RK_N];
    gpa_red_spec spec = *spec_in;
    red_layout L;
    long long n_out, n_red;
    int rc = -1, uses_index = strstr(spec.map, "gpa_i") != NULL;

    if (out->dev != dev) {
        PyErr_SetString(PyExc_ValueError,
                        "the output array is on another device than the "
                        "input");
        return -1;
    }
    memset(&L, 0, sizeof L);
    if (!gpa_array_aligned(a) ||
        build_layout(a, mask, out, uses_index, &L, &n_out, &n_red)) {
        copy = gpa_array_copy(a, NULL, 'C');
        if (copy == NULL)
            return -1;
        memset(&L, 0, sizeof L);
        if (build_layout(copy, mask, out, uses_index, &L, &n_out, &n_red)) {
            PyErr_SetString(PyExc_ValueError, "reduction layout too complex");
            goto done;
        }
    }
    if (n_out == 0) {
        rc = 0;
        goto done;
    }
    int row = n_out == 1 || L.nk == 0 ||
              llabs(L.rstride[L.nr - 1]) < llabs(L.kstride[L.nk - 1]);
    if (L.nk == 0) { /* one output: an empty kept group of one dim */
        L.nk = 1;
        L.kshape[0] = 1;
    }
    int cuda = dev->kind == GPA_DEVICE_CUDA;
    long long S = row ? row_splits(dev, n_out, n_red)
                      : col_splits(dev, n_out, n_red);
    long long chunk = S > 1 ? cdiv(n_red, S) : n_red;
    if (S > 1) {
        chunk = cdiv(chunk, 16) * 16;
        S = cdiv(n_red, chunk);
    }
    long long ext = span_of(L.kshape, L.kstride, L.nk) +
                    span_of(L.rshape, L.rstride, L.nr);
    long long oext = span_of(L.kshape, L.ostride, L.nk);
    long long big = n_out * (S > 1 ? S : 1) * (long long)spec.acc_size;
    spec.index64 = ext + 64 >= INDEX32_LIMIT || oext + 64 >= INDEX32_LIMIT ||
                   big >= INDEX32_LIMIT || n_red >= INDEX32_LIMIT;
    if (gpa_red_kernels(dev, &spec, GPA_RED_REDUCE, fns) < 0)
        goto done;

    /* pass 1 */
    gpa_dim3 grid = {1, 1, 1}, block = {1, 1, 1};
    void *fn;
    if (row) {
        int warp = cuda && n_red <= 1024 && S == 1;
        long long per_block = warp ? GPA_RED_BLOCK_CUDA / 32 : 1;
        long long blocks = cdiv(n_out * S, per_block);
        long long cap = cuda ? 32LL * dev->sm_count : 0x7fffffffLL;
        fn = fns[warp ? GPA_RK_ROW_WARP : GPA_RK_ROW_BLOCK];
        grid.x = (unsigned)(blocks < cap ? blocks : cap);
        block.x = cuda ? GPA_RED_BLOCK_CUDA : 1;
    } else {
        long long bs = cuda ? GPA_RED_COLBLOCK_CUDA : 1;
        long long item = gpa_itemsize(copy ? copy : a);
        int vec = col_vector_width(&L, item, n_out, uses_index);
        long long blocks = cdiv(n_out / vec, bs);
        long long cap = cuda ? 64LL * dev->sm_count : 0x7fffffffLL;
        fn = fns[vec > 1 ? GPA_RK_COL_VEC : GPA_RK_COL];
        grid.x = (unsigned)(blocks < cap ? blocks : cap);
        grid.y = (unsigned)S;
        block.x = (unsigned)bs;
    }
    char *dst = out->data;
    if (S > 1) {
        tmp[0] = gpa_mem_alloc(dev, (size_t)(n_out * S * spec.acc_size));
        if (tmp[0] == NULL)
            goto done;
        dst = tmp[0]->ptr;
    }
    if (launch(dev, fn, &L, spec.index64, grid, block, n_out, n_red, S,
               chunk, L.src, dst, S == 1, n_red, p0, p1) < 0)
        goto done;

    /* partial passes: [n_out][S] (row) or [S][n_out] (column) */
    int cur = 0;
    while (S > 1) {
        red_layout P = L;
        long long n = S;
        P.nr = 1;
        P.rshape[0] = n;
        P.rlog[0] = 1;
        if (row) {
            kept_cstrides(&P, &L, n * spec.acc_size);
            P.rstride[0] = spec.acc_size;
            S = row_splits(dev, n_out, n);
        } else {
            kept_cstrides(&P, &L, spec.acc_size);
            P.rstride[0] = n_out * spec.acc_size;
            S = col_splits(dev, n_out, n);
        }
        chunk = S > 1 ? cdiv(n, S) : n;
        if (S > 1) {
            chunk = cdiv(chunk, 16) * 16;
            S = cdiv(n, chunk);
        }
        char *src = tmp[cur]->ptr;
        dst = out->data;
        if (S > 1) {
            tmp[1 - cur] = gpa_mem_alloc(dev,
                                         (size_t)(n_out * S * spec.acc_size));
            if (tmp[1 - cur] == NULL)
                goto done;
            dst = tmp[1 - cur]->ptr;
        }
        grid = (gpa_dim3){1, 1, 1};
        if (row) {
            long long blocks = n_out * S, cap = cuda ? 32LL * dev->sm_count
                                                     : 0x7fffffffLL;
            fn = fns[GPA_RK_ROW_ACC];
            grid.x = (unsigned)(blocks < cap ? blocks : cap);
        } else {
            long long blocks = cdiv(n_out, block.x);
            long long cap = cuda ? 64LL * dev->sm_count : 0x7fffffffLL;
            fn = fns[GPA_RK_COL_ACC];
            grid.x = (unsigned)(blocks < cap ? blocks : cap);
            grid.y = (unsigned)S;
        }
        if (launch(dev, fn, &P, spec.index64, grid, block, n_out, n, S,
                   chunk, src, dst, S == 1, n_red, p0, p1) < 0)
            goto done;
        gpa_mem_decref(tmp[cur]);
        tmp[cur] = NULL;
        cur = 1 - cur;
    }
    rc = 0;
done:
    gpa_mem_decref(tmp[0]);
    gpa_mem_decref(tmp[1]);
    Py_XDECREF(copy);
    return rc;
}

/* ---- Python entry ---- */

static int type_of(PyObject *dt, int *t)
{
    PyArray_Descr *d = gpa_descr_from_obj(dt);
    if (d == NULL)
        return -1;
    *t = d->type_num;
    Py_DECREF(d);
    return 0;
}

/* A built-in op's descriptor (name, type char), or a user op's tuple
 * (acc_t, acc_size, identity, map, combine, finish, preamble[,
 * accumulate]), into s's strings (the table's, or borrowed from op) and size.
 * accumulate, optional: a statement folding one raw input x with its
 * index gpa_i into `a`, for ops whose per-thread loop can skip map and
 * combine (Note [Reduction accumulate] in reduce_codegen.c). */
static int op_from_py(PyObject *op, gpa_red_spec *s)
{
    Py_ssize_t n = PyTuple_Check(op) ? PyTuple_GET_SIZE(op) : 0;
    if (n == 2) { /* (name, type char): Note [Reduction op table] */
        const char *name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(op, 0));
        const char *t = name ? PyUnicode_AsUTF8(PyTuple_GET_ITEM(op, 1))
                             : NULL;
        if (t == NULL)
            return -1;
        return gpa_red_builtin(name, t[0], s);
    }
    if (n != 7 && n != 8) {
        PyErr_SetString(PyExc_TypeError,
                        "op must be (acc_t, acc_size, identity, map, "
                        "combine, finish, preamble[, accumulate])");
        return -1;
    }
    const char *str[8] = {0};
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = PyTuple_GET_ITEM(op, i);
        if (i == 1 || (i >= 6 && x == Py_None))
            continue;
        str[i] = PyUnicode_AsUTF8(x);
        if (str[i] == NULL)
            return -1;
    }
    long size = PyLong_AsLong(PyTuple_GET_ITEM(op, 1));
    if (size == -1 && PyErr_Occurred())
        return -1;
    if (size <= 0 || size % 4) {
        PyErr_SetString(PyExc_ValueError,
                        "acc_size must be a positive multiple of 4");
        return -1;
    }
    s->acc_t = str[0];
    s->acc_size = (int)size;
    s->identity = str[2];
    s->map = str[3];
    s->combine = str[4];
    s->finish = str[5];
    s->preamble = str[6];
    s->accumulate = str[7];
    return 0;
}

int gpa_red_spec_from_py(PyObject *op, PyObject *in_loop, PyObject *out_loop,
                         const gpa_array *a, const gpa_array *out,
                         gpa_red_spec *s)
{
    memset(s, 0, sizeof *s);
    if (op_from_py(op, s) < 0)
        return -1;
    s->in_mem = gpa_type_num(a);
    s->out_mem = gpa_type_num(out);
    if (gpa_type_is_datetime(s->in_mem) || gpa_type_is_datetime(s->out_mem)) {
        /* Note [Datetime storage]: reductions of datetimes run on int64
         * views in gpuarray/_engine/datetimes.py, which knows NaT */
        PyErr_Format(PyExc_TypeError,
                     "gpuarray has no reduction kernel for %R",
                     gpa_type_is_datetime(s->in_mem) ? (PyObject *)a->descr
                                                     : (PyObject *)out->descr);
        return -1;
    }
    if (type_of(in_loop, &s->in_loop) < 0 ||
        type_of(out_loop, &s->out_loop) < 0)
        return -1;
    if (gpa_kernel_dtype_check(a, "reduction") < 0 ||
        gpa_kernel_dtype_check(out, "reduction") < 0)
        return -1;
    if (s->in_loop == NPY_VOID || s->out_loop == NPY_VOID) {
        PyErr_SetString(PyExc_TypeError, "reduction: no kernel for a "
                        "structured or void dtype");
        return -1;
    }
    if (!gpa_array_aligned(out)) { /* Note [Data-only dtypes] */
        PyErr_Format(PyExc_ValueError,
                     "the output array (dtype %R) is not aligned for its "
                     "dtype (a field of a packed structure?): give an "
                     "aligned output", (PyObject *)out->descr);
        return -1;
    }
    /* NumPy warns when a reduction or scan reads complex data in a real
     * loop or writes a complex loop into a real out= */
    if (gpa_casts_drop_imaginary(s->in_mem, s->in_loop) ||
        gpa_casts_drop_imaginary(s->out_loop, s->out_mem))
        if (gpa_warn_complex_discarded() < 0)
            return -1;
    return 0;
}

/* _reduce(a, axis, out, op, in_loop, out_loop, p0=0.0, p1=0.0) */
PyObject *gpa_py_reduce(PyObject *self, PyObject *args)
{
    PyObject *a, *axis, *out, *op, *in_loop, *out_loop;
    double p0 = 0, p1 = 0;
    char mask[GPA_MAXDIMS];
    gpa_red_spec spec;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!OO!OOO|dd:_reduce", gpa_array_type, &a,
                          &axis, gpa_array_type, &out, &op, &in_loop,
                          &out_loop, &p0, &p1))
        return NULL;
    gpa_array *A = (gpa_array *)a, *O = (gpa_array *)out;
    int n = gpa_parse_axes(axis, A->nd, mask);
    if (n < 0)
        return NULL;
    if (O->nd != A->nd && O->nd != A->nd - n) {
        PyErr_SetString(PyExc_ValueError,
                        "_reduce: out has the wrong number of dimensions");
        return NULL;
    }
    for (int d = 0, k = 0; d < A->nd; d++) {
        Py_ssize_t want = mask[d] ? 1 : A->shape[d];
        if (O->nd == A->nd) {
            if (O->shape[d] != want)
                goto bad_shape;
        } else if (!mask[d] && O->shape[k++] != want) {
            goto bad_shape;
        }
    }
    if (gpa_red_spec_from_py(op, in_loop, out_loop, A, O, &spec) < 0)
        return NULL;
    if (gpa_reduce(A, mask, O, &spec, p0, p1) < 0)
        return NULL;
    Py_RETURN_NONE;
bad_shape:
    PyErr_SetString(PyExc_ValueError,
                    "output parameter for reduction operation has the wrong "
                    "shape");
    return NULL;
}

/* _warn_cast_drops_imaginary(from_dtype, to_dtype): NumPy's ComplexWarning
 * where that cast drops imaginary parts (the one rule, util.c), for the
 * Python paths that cast by themselves (nan-skipping sums and scans read
 * complex values and cast them inside their own op). */
PyObject *gpa_py_warn_cast_drops_imaginary(PyObject *self, PyObject *args)
{
    PyArray_Descr *from = NULL, *to = NULL; /* new references */
    PyObject *res = NULL;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O&O&:_warn_cast_drops_imaginary",
                          PyArray_DescrConverter, &from,
                          PyArray_DescrConverter, &to))
        goto fail;
    if (gpa_casts_drop_imaginary(from->type_num, to->type_num) &&
        gpa_warn_complex_discarded() < 0)
        goto fail;
    res = Py_NewRef(Py_None);
fail:
    Py_XDECREF(from);
    Py_XDECREF(to);
    return res;
}

PyObject *gpa_py_reduce_cache(PyObject *self, PyObject *arg)
{
    GPA_UNUSED(self);
    if (PyObject_IsTrue(arg))
        gpa_red_cache_clear();
    return PyLong_FromSize_t(gpa_red_cache_size());
}

/* _reduce_source(op, in_type, in_loop, out_type, out_loop, kind): the
 * module source (without the prelude), for the NVRTC check in tests. */
PyObject *gpa_py_reduce_source(PyObject *self, PyObject *args)
{
    PyObject *op, *tin, *in_loop, *tout, *out_loop;
    int kind, index64 = 0;
    gpa_red_spec s;
    gpa_strbuf b = {0};
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "OOOOOi|p:_reduce_source", &op, &tin,
                          &in_loop, &tout, &out_loop, &kind, &index64))
        return NULL;
    memset(&s, 0, sizeof s);
    if (op_from_py(op, &s) < 0)
        return NULL;
    s.index64 = index64;
    if (type_of(tin, &s.in_mem) < 0 || type_of(in_loop, &s.in_loop) < 0 ||
        type_of(tout, &s.out_mem) < 0 || type_of(out_loop, &s.out_loop) < 0)
        return NULL;
    gpa_red_source(&s, kind, &b);
    if (b.failed)
        return NULL;
    PyObject *r = PyUnicode_FromString(b.s);
    gpa_sb_free(&b);
    return r;
}

/* _reduce_op(op): the spec's (acc_t, acc_size, identity, map, combine,
 * finish, preamble, accumulate) of an op descriptor, for tests. */
PyObject *gpa_py_reduce_op(PyObject *self, PyObject *op)
{
    gpa_red_spec s;
    GPA_UNUSED(self);
    memset(&s, 0, sizeof s);
    if (op_from_py(op, &s) < 0)
        return NULL;
    return Py_BuildValue("(sizzzzzz)", s.acc_t, s.acc_size, s.identity,
                         s.map, s.combine, s.finish, s.preamble,
                         s.accumulate);
}
