/* matmul_py.c - gpuarray._core._ml_matmul(a, b, out): a matrix product
 * of two stacks, marshalled here in one call for every backend, so that
 * the host tests run the decisions the GPU gets and a small product pays
 * no Python per operand.
 *
 * Note [GEMM marshalling]: the library is column-major.  A row-major
 * matrix X (R x C, element strides sr, sc) is, read column-major, either
 *   - X^T with leading dimension sr, when sc == 1 ("row": rows are
 *     contiguous): op 'N' hands the library X^T;
 *   - X with leading dimension sc, when sr == 1 ("column": an F or
 *     transposed view): op 'T' hands it X^T.
 * So C = A @ B is computed as C^T = B^T A^T into a C-contiguous C (read
 * column-major: C^T, ld N): gemm(m=N, n=M, k=K, B, A) with each
 * operand's op from that list, and no copy for C, F, transposed, sliced
 * (unit-stride) or offset views.  The batch axes (broadcast first) are
 * collapsed: axes of length 1 dropped, neighbours merged where all three
 * operands' strides chain (s[i] == s[i+1] * n[i+1]); one axis left (or
 * none) with strides >= 0 is ONE strided-batched call (stride 0: an
 * operand broadcast along it) -- or, for a stack of row-contiguous A of
 * <= FOLD_MAX_M rows over one shared B (x @ W), ONE plain product of
 * (batch M) x K rows; anything else -- several axes, a negative
 * batch stride -- is ONE call over pointer arrays (mathlib.h gemm_ptrs:
 * cublasGemmBatchedEx on cuda, a loop on the host).  Only an operand
 * whose matrices have no such description (a negative or non-unit inner
 * stride, a zero stride inside a matrix, strides that are not whole
 * elements) is copied, once, C-contiguous.  An out= array is written in
 * place when it is C-contiguous and overlaps no operand; else the product
 * goes to a new array copied into it.
 *
 * The door answers NotImplemented, raising nothing, for what it does not
 * do -- operands that are not arrays of one library dtype and device,
 * mismatched or empty shapes, an out= that is not exactly the result's
 * shape (leading batch axes of its own allowed, as in NumPy) and dtype,
 * float16 on the host -- and the Python caller
 * (gpuarray/linalg/_gemm.py, dot_matmul.py) takes those paths, with
 * NumPy's errors.
 */
#include "common.h"
#include "array/array.h"
#include "mathlib/mathlib.h"

#define MAX_BATCH 64 /* NumPy's NPY_MAXDIMS */
/* Rows per matrix up to which x @ W folds into one product: there the
 * per-call cost dominates (1000 x 4x16 @ 16x16 f32: 0.68x NumPy's time
 * folded, 0.91x not); for taller matrices a single tall product measured
 * no better than the stack (f64 64 x 128^3: 1.03x vs 0.95x). */
#define FOLD_MAX_M 32

/* The last product's library call, for the tests (_ml_matmul_last): the
 * host runs the decisions the GPU gets, so a test can assert that a stack
 * is ONE strided call, with which trans / ld / strides, and no copy.
 * GIL-protected. */
static struct {
    const char *kind;       /* "gemm" or "gemm_ptrs" */
    char ta, tb;
    int64_t m, n, k, lda, sa, ldb, sb, ldc, sc, batch;
    int copies, direct_out;
} last;

/* One operand's matrices: shape, element strides, description. */
typedef struct {
    int64_t r, c, sr, sc;
    int row;    /* 1: read as X^T with ld (rows contiguous); 0: as X */
    int64_t ld;
} mat;

static int
describe(mat *x)
{
    int64_t r = x->r, c = x->c, sr = x->sr, sc = x->sc;

    if ((sc == 1 || c == 1) && (r == 1 || sr >= (c > 1 ? c : 1))) {
        x->row = 1;
        x->ld = r > 1 ? sr : (c > 1 ? c : 1);
        return 1;
    }
    if ((sr == 1 || r == 1) && (c == 1 || sc >= (r > 1 ? r : 1))) {
        x->row = 0;
        x->ld = c > 1 ? sc : (r > 1 ? r : 1);
        return 1;
    }
    return 0;
}

/* Element stride of byte stride s over an axis of length n (0 when n is
 * 1, whatever s); 0 with *ok cleared when s is not whole elements. */
static int64_t
elems(Py_ssize_t s, Py_ssize_t n, Py_ssize_t es, int *ok)
{
    if (n == 1)
        return 0;
    if (s % es != 0)
        *ok = 0;
    return (int64_t)(s / es);
}

/* The matrices of x (logical shape: a vector as a row (is_a) or column
 * (!is_a)), plus its batch strides bst[nbat] (0 where broadcast); 0 when
 * x needs a copy to be described. */
static int
operand(const gpa_array *x, int is_a, int nbat, mat *m, int64_t *bst)
{
    Py_ssize_t es = gpa_itemsize(x);
    int vec = x->nd == 1, core = vec ? 1 : 2, own = x->nd - core, ok = 1;
    const Py_ssize_t *sh = x->shape, *st = x->strides;
    int last = x->nd - 1;

    if (vec && is_a) {          /* (K,) as (1, K) */
        m->r = 1; m->c = sh[0]; m->sr = 0;
        m->sc = elems(st[0], sh[0], es, &ok);
    } else if (vec) {           /* (K,) as (K, 1) */
        m->r = sh[0]; m->c = 1; m->sc = 0;
        m->sr = elems(st[0], sh[0], es, &ok);
    } else {
        m->r = sh[last - 1]; m->c = sh[last];
        m->sr = elems(st[last - 1], sh[last - 1], es, &ok);
        m->sc = elems(st[last], sh[last], es, &ok);
    }
    for (int i = 0; i < nbat; i++) {
        int j = i - (nbat - own);
        bst[i] = (j < 0 || sh[j] == 1) ? 0 : elems(st[j], sh[j], es, &ok);
    }
    return ok && describe(m);
}

static int
overlaps(const gpa_array *x, const gpa_array *y)
{
    char *xl, *xh, *yl, *yh;

    gpa_array_extent(x, &xl, &xh);
    gpa_array_extent(y, &yl, &yh);
    return xl < yh && yl < xh;
}

/* The collapsed batch (Note [GEMM marshalling]): *nk axes of n[] with
 * strides s[X][] for X = a, b, c. */
static int
collapse(int nbat, const Py_ssize_t *bshape, int64_t st[3][MAX_BATCH],
         int64_t *n, int64_t s[3][MAX_BATCH])
{
    int nk = 0;

    for (int i = 0; i < nbat; i++) {
        int merge = nk > 0;
        if (bshape[i] == 1)
            continue;
        for (int x = 0; merge && x < 3; x++)
            merge = s[x][nk - 1] == st[x][i] * (int64_t)bshape[i];
        if (merge) {
            n[nk - 1] *= bshape[i];
            for (int x = 0; x < 3; x++)
                s[x][nk - 1] = st[x][i];
        } else {
            n[nk] = bshape[i];
            for (int x = 0; x < 3; x++)
                s[x][nk] = st[x][i];
            nk++;
        }
    }
    return nk;
}

/* The product into c (C-contiguous, fresh or checked), a and b described
 * in ma, mb with batch strides st[0], st[1]. */
static int
run(gpa_ml_type t, gpa_array *a, gpa_array *b, gpa_array *c, const mat *ma,
    const mat *mb, int nbat, const Py_ssize_t *bshape,
    int64_t st[3][MAX_BATCH])
{
    static const double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
    const gpa_mathlib *ml = gpa_mathlib_get(c->dev);
    int64_t n[MAX_BATCH], s[3][MAX_BATCH], idx[MAX_BATCH], total = 1;
    int64_t M = ma->r, K = ma->c, N = mb->c, es = (int64_t)gpa_ml_size(t);
    char ta = ma->row ? 'N' : 'T', tb = mb->row ? 'N' : 'T';
    void **ptr = NULL;
    int nk, neg = 0, rc = GPA_ERR;

    if (ml == NULL)
        return GPA_ERR;
    nk = collapse(nbat, bshape, st, n, s);
    for (int i = 0; i < nk; i++) {
        total *= n[i];
        neg |= s[0][i] < 0 || s[1][i] < 0;
    }
    /* C^T (N x M, ld N) = op(B) op(A): B is the library's first operand */
    last.kind = "gemm";
    last.ta = tb;
    last.tb = ta;
    last.m = N;
    last.n = M;
    last.k = K;
    last.lda = mb->ld;
    last.ldb = ma->ld;
    last.ldc = N;
    last.sa = last.sb = last.sc = 0;
    last.batch = total;
    if (nk == 1 && s[1][0] == 0 && M <= FOLD_MAX_M && ma->row
        && s[0][0] == M * ma->ld && s[2][0] == M * N) {
        /* Note [GEMM marshalling]: a stack of row-major A with few rows
         * over one shared B is one (batch M) x K by K x N product */
        last.n = M * total;
        last.batch = 1;
        return ml->gemm(c->dev, t, tb, ta, N, M * total, K, one, b->data,
                        mb->ld, 0, a->data, ma->ld, 0, zero, c->data, N, 0,
                        1);
    }
    if (nk <= 1 && !neg) {
        last.sa = nk ? s[1][0] : 0;
        last.sb = nk ? s[0][0] : 0;
        last.sc = nk ? s[2][0] : 0;
        return ml->gemm(c->dev, t, tb, ta, N, M, K, one, b->data, mb->ld,
                        last.sa, a->data, ma->ld, last.sb, zero, c->data, N,
                        last.sc, total);
    }
    last.kind = "gemm_ptrs";
    if ((size_t)total > PY_SSIZE_T_MAX / (3 * sizeof(void *))) {
        PyErr_NoMemory();
        return GPA_ERR;
    }
    ptr = PyMem_Malloc(3 * sizeof(void *) * (size_t)total);
    if (ptr == NULL) {
        PyErr_NoMemory();
        return GPA_ERR;
    }
    memset(idx, 0, sizeof idx);
    for (int64_t i = 0; i < total; i++) {
        int64_t off[3] = {0, 0, 0};
        for (int d = 0; d < nk; d++)
            for (int x = 0; x < 3; x++)
                off[x] += idx[d] * s[x][d];
        ptr[i] = a->data + off[0] * es;
        ptr[total + i] = b->data + off[1] * es;
        ptr[2 * total + i] = c->data + off[2] * es;
        for (int d = nk - 1; d >= 0 && ++idx[d] == n[d]; d--)
            idx[d] = 0;
    }
    rc = ml->gemm_ptrs(c->dev, t, tb, ta, N, M, K, one,
                       (const void *const *)(ptr + total), mb->ld,
                       (const void *const *)ptr, ma->ld, zero,
                       ptr + 2 * total, N, total);
    PyMem_Free(ptr);
    return rc;
}

/* _ml_matmul(a, b, out) -> out, a new array, or NotImplemented. */
PyObject *
gpa_py_ml_matmul(PyObject *self, PyObject *args)
{
    PyObject *ao, *bo, *oo, *res = NULL;
    gpa_array *a, *b, *out = NULL, *c = NULL;
    PyObject *acopy = NULL, *bcopy = NULL;
    Py_ssize_t bshape[MAX_BATCH], oshape[MAX_BATCH + 2];
    int64_t st[3][MAX_BATCH];
    mat ma, mb;
    int t, nbat, na, nb, nd, no = 0;
    Py_ssize_t M, K, N;
    int64_t span;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "OOO", &ao, &bo, &oo))
        return NULL;
    if (!gpa_array_check(ao) || !gpa_array_check(bo))
        Py_RETURN_NOTIMPLEMENTED;
    a = (gpa_array *)ao;
    b = (gpa_array *)bo;
    t = gpa_ml_type_of(gpa_type_num(a));
    if (a->nd < 1 || b->nd < 1 || t < 0
        || gpa_ml_type_of(gpa_type_num(b)) != t
        || a->dev != b->dev
        || (t == GPA_ML_H && a->dev->kind != GPA_DEVICE_CUDA))
        Py_RETURN_NOTIMPLEMENTED;
    M = a->nd == 1 ? 1 : a->shape[a->nd - 2];
    K = a->shape[a->nd - 1];
    N = b->nd == 1 ? 1 : b->shape[b->nd - 1];
    if ((b->nd == 1 ? b->shape[0] : b->shape[b->nd - 2]) != K
        || M == 0 || N == 0 || K == 0)
        Py_RETURN_NOTIMPLEMENTED;
    na = a->nd - (a->nd == 1 ? 1 : 2);
    nb = b->nd - (b->nd == 1 ? 1 : 2);
    nbat = na > nb ? na : nb;
    if (oo != Py_None) {
        /* NumPy's out= may add leading batch axes: the inputs broadcast
         * to its shape */
        if (!gpa_array_check(oo))
            Py_RETURN_NOTIMPLEMENTED;
        out = (gpa_array *)oo;
        no = out->nd - (a->nd > 1) - (b->nd > 1);
        if (no > nbat)
            nbat = no;
    }
    if (nbat > MAX_BATCH)
        Py_RETURN_NOTIMPLEMENTED;
    for (int i = 0; i < nbat; i++) {
        Py_ssize_t da = i - (nbat - na) >= 0 ? a->shape[i - (nbat - na)] : 1;
        Py_ssize_t db = i - (nbat - nb) >= 0 ? b->shape[i - (nbat - nb)] : 1;
        if (da != db && da != 1 && db != 1)
            Py_RETURN_NOTIMPLEMENTED;
        bshape[i] = da == 1 ? db : da;
        if (out != NULL && i - (nbat - no) >= 0) {
            Py_ssize_t dout = out->shape[i - (nbat - no)];
            if (bshape[i] != 1 && bshape[i] != dout)
                Py_RETURN_NOTIMPLEMENTED;
            bshape[i] = dout;
        }
        if (bshape[i] == 0)
            Py_RETURN_NOTIMPLEMENTED;
        oshape[i] = bshape[i];
    }
    nd = nbat;
    if (a->nd > 1)
        oshape[nd++] = M;
    if (b->nd > 1)
        oshape[nd++] = N;
    if (out != NULL) {
        if (gpa_type_num(out) != gpa_type_num(a) || out->dev != a->dev
            || out->nd != nd || !(out->flags & GPA_WRITEABLE)
            || memcmp(out->shape, oshape, sizeof(Py_ssize_t) * nd) != 0)
            Py_RETURN_NOTIMPLEMENTED;
        if ((out->flags & GPA_C_CONTIGUOUS) && !overlaps(out, a)
            && !overlaps(out, b)) {
            c = out;
            Py_INCREF(c);
        }
    }
    if (c == NULL) {
        Py_INCREF(a->descr);
        c = gpa_array_empty(a->dev, a->descr, nd, oshape, 0);
        if (c == NULL)
            goto fail;
    }
    if (!operand(a, 1, nbat, &ma, st[0])) {
        acopy = PyObject_CallMethod(ao, "copy", NULL);
        if (acopy == NULL)
            goto fail;
        a = (gpa_array *)acopy;
        if (!operand(a, 1, nbat, &ma, st[0])) {
            PyErr_SetString(PyExc_SystemError, "matmul: a copy of an "
                            "operand has no BLAS description");
            goto fail;
        }
    }
    if (!operand(b, 0, nbat, &mb, st[1])) {
        bcopy = PyObject_CallMethod(bo, "copy", NULL);
        if (bcopy == NULL)
            goto fail;
        b = (gpa_array *)bcopy;
        if (!operand(b, 0, nbat, &mb, st[1])) {
            PyErr_SetString(PyExc_SystemError, "matmul: a copy of an "
                            "operand has no BLAS description");
            goto fail;
        }
    }
    /* c is C-contiguous: its batch strides are those of its shape */
    span = (int64_t)M * (int64_t)N;
    for (int i = nbat - 1; i >= 0; i--) {
        st[2][i] = bshape[i] == 1 ? 0 : span;
        span *= bshape[i];
    }
    last.copies = (acopy != NULL) + (bcopy != NULL);
    last.direct_out = c == out;
    if (run((gpa_ml_type)t, a, b, c, &ma, &mb, nbat, bshape, st) < 0)
        goto fail;
    if (out != NULL && c != out) {
        if (PyObject_SetItem(oo, Py_Ellipsis, (PyObject *)c) < 0)
            goto fail;
        Py_INCREF(oo);
        res = oo;
    } else {
        res = (PyObject *)c;
        c = NULL;
    }
fail:
    Py_XDECREF(c);
    Py_XDECREF(acopy);
    Py_XDECREF(bcopy);
    return res;
}

/* _ml_matmul_last() -> dict: the library call of the last _ml_matmul
 * that reached one (see `last`), or None. */
PyObject *
gpa_py_ml_matmul_last(PyObject *self, PyObject *noargs)
{
    GPA_UNUSED(self);
    GPA_UNUSED(noargs);
    if (last.kind == NULL)
        Py_RETURN_NONE;
    return Py_BuildValue(
        "{s:s,s:C,s:C,s:L,s:L,s:L,s:L,s:L,s:L,s:L,s:L,s:L,s:L,s:i,s:O}",
        "kind", last.kind, "ta", last.ta, "tb", last.tb, "m",
        (long long)last.m, "n", (long long)last.n, "k", (long long)last.k,
        "lda", (long long)last.lda, "sa", (long long)last.sa, "ldb",
        (long long)last.ldb, "sb", (long long)last.sb, "ldc",
        (long long)last.ldc, "sc", (long long)last.sc, "batch",
        (long long)last.batch, "copies", last.copies, "direct_out",
        last.direct_out ? Py_True : Py_False);
}
