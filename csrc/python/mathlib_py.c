/* mathlib_py.c - gpuarray._core's doors into the math-library table
 * (mathlib.h): one function per operation, taking arrays and the
 * column-major description of the matrices in them.
 *
 * Note [Marshalling]: the decisions that turn a NumPy-shaped call into a
 * library call (which operand is which once row-major is read as
 * column-major, trans flags instead of copies, leading dimensions, batch
 * strides, broadcast batches, when a copy is unavoidable, workspace and
 * info handling, LinAlgError) are made once, for every backend: in
 * gpuarray/linalg/_lapack.py for the factorizations, in
 * csrc/python/matmul_py.c for the products (Note [GEMM marshalling]; the
 * _ml_gemm door here stays for callers that describe their own call).  This file only checks that what it is
 * handed is safe, whatever the caller got wrong: dtypes agree, every
 * matrix the library will touch lies inside its array's memory, outputs
 * are writeable and on one device, sizes fit.  A wrong description then
 * raises instead of letting the library read or write out of bounds.
 * Pointers are each array's `data` (its first element); ld and strides
 * count elements.  Each function returns the per-matrix info codes as a
 * NumPy int32 array (gemm returns None).
 */
#include "common.h"
#include "config.h"
#include "array/array.h"
#include "mathlib/loader.h"
#include "mathlib/mathlib.h"
#include "runtime/memory.h"

PyObject *gpa_mathlib_host_symbols(void);
PyObject *gpa_mathlib_cuda_symbols(void);
int gpa_mathlib_cuda_load(void);

const gpa_mathlib *
gpa_mathlib_get(gpa_device *dev)
{
    if (dev->kind == GPA_DEVICE_CUDA)
        return gpa_mathlib_cuda();
    return gpa_mathlib_host();
}

/* The library type of a, -1 with TypeError when it has none. */
static int
ml_type(const gpa_array *a, const char *name)
{
    int t = gpa_ml_type_of(gpa_type_num(a));
    if (t < 0)
        PyErr_Format(PyExc_TypeError,
                     "%s: dtype %R is not a math-library type", name,
                     (PyObject *)a->descr);
    return t;
}

/* 0 with an exception unless `a` holds `batch` column-major rows x cols
 * matrices with leading dimension ld, batch stride `stride` (elements of
 * es bytes) between its first and last element; writeable when `write`, on
 * device dev. */
static int mat_ok(const gpa_array *a, const char *name, int64_t rows,
                  int64_t cols, int64_t ld, int64_t stride, int64_t batch,
                  size_t es, int write, gpa_device *dev) {
    int64_t extent;
    char *lo, *hi;

    /* The array's own elements, not its memory block: a description that
     * strays into a neighbour's bytes of a pool block is as wrong. */
    gpa_array_extent(a, &lo, &hi);

    if (a->dev != dev) {
        PyErr_Format(PyExc_ValueError, "%s is on another device", name);
        return 0;
    }
    if (write && !(a->flags & GPA_WRITEABLE)) {
        PyErr_Format(PyExc_ValueError, "%s is read-only", name);
        return 0;
    }
    /* ld >= max(1, rows) always: the libraries reject anything less
     * (OpenBLAS by printing through xerbla and doing nothing). */
    if (rows < 0 || cols < 0 || batch < 0 || stride < 0 || ld < 1
        || ld < rows) {
        PyErr_Format(PyExc_ValueError,
                     "%s: bad matrix description rows=%lld cols=%lld "
                     "ld=%lld stride=%lld batch=%lld", name, (long long)rows,
                     (long long)cols, (long long)ld, (long long)stride,
                     (long long)batch);
        return 0;
    }
    if (rows == 0 || cols == 0 || batch == 0)
        return 1;
    if (write && batch > 1 && stride < (cols - 1) * ld + rows) {
        PyErr_Format(PyExc_ValueError,
                     "%s: output matrices of a batch overlap", name);
        return 0;
    }
    /* Elements from the first to one past the last, in int64 with
     * overflow checks (each factor is below 2^62 on any real array). */
    if (__builtin_mul_overflow(batch - 1, stride, &extent)
        || __builtin_add_overflow(extent, (cols - 1) * ld + rows, &extent)
        || __builtin_mul_overflow(extent, (int64_t)es, &extent)
        || a->data < lo || extent > hi - a->data) {
        PyErr_Format(PyExc_ValueError,
                     "%s: the matrices described lie outside the array",
                     name);
        return 0;
    }
    return 1;
}

/* The real type's code that goes with t (for w, s). */
static int
real_of(int t)
{
    return t == GPA_ML_C ? GPA_ML_S : t == GPA_ML_Z ? GPA_ML_D : t;
}

static int
real_dtype_ok(const gpa_array *a, int t, const char *name)
{
    int rt = ml_type(a, name);
    if (rt < 0)
        return 0;
    if (rt != real_of(t)) {
        PyErr_Format(PyExc_TypeError, "%s has the wrong dtype %R", name,
                     (PyObject *)a->descr);
        return 0;
    }
    return 1;
}

static int
same_type(const gpa_array *a, int t, const char *name)
{
    int u = ml_type(a, name);
    if (u < 0)
        return 0;
    if (u != t) {
        PyErr_Format(PyExc_TypeError, "%s has dtype %R, not its operands'",
                     name, (PyObject *)a->descr);
        return 0;
    }
    return 1;
}

/* A new int32 NumPy array of `batch` zeros for the info codes. */
static PyArrayObject *
new_info(int64_t batch)
{
    npy_intp d = (npy_intp)batch;
    return (PyArrayObject *)PyArray_ZEROS(1, &d, NPY_INT32, 0);
}

static int
ipiv_ok(const gpa_array *p, int64_t n, int64_t batch, gpa_device *dev)
{
    if (gpa_type_num(p) != NPY_INT32 || !(p->flags & GPA_C_CONTIGUOUS)
        || p->size < n * batch || p->dev != dev) {
        PyErr_SetString(PyExc_ValueError,
                        "ipiv must be a contiguous int32 array of n*batch "
                        "elements on the operands' device");
        return 0;
    }
    return 1;
}

#define ARR(v) (gpa_array_type), &(v)

/* _ml_gemm(ta, tb, m, n, k, alpha, A, lda, sa, B, ldb, sb, beta, C, ldc,
 *          sc, batch) -> None */
PyObject *
gpa_py_ml_gemm(PyObject *self, PyObject *args)
{
    int ta, tb, t;
    long long m, n, k, lda, sa, ldb, sb, ldc, sc, batch;
    Py_complex al, be;
    gpa_array *a, *b, *c;
    const gpa_mathlib *ml;
    double alpha[2], beta[2];
    size_t es;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "CCLLLDO!LLO!LLDO!LLL", &ta, &tb, &m, &n, &k,
                          &al, ARR(a), &lda, &sa, ARR(b), &ldb, &sb, &be,
                          ARR(c), &ldc, &sc, &batch))
        return NULL;
    if (!strchr("NTC", ta) || !strchr("NTC", tb)) {
        PyErr_SetString(PyExc_ValueError, "trans must be 'N', 'T' or 'C'");
        return NULL;
    }
    t = ml_type(c, "C");
    if (t < 0 || !same_type(a, t, "A") || !same_type(b, t, "B"))
        return NULL;
    es = gpa_ml_size(t);
    if (!mat_ok(a, "A", ta == 'N' ? m : k, ta == 'N' ? k : m, lda, sa, batch,
                es, 0, c->dev)
        || !mat_ok(b, "B", tb == 'N' ? k : n, tb == 'N' ? n : k, ldb, sb,
                   batch, es, 0, c->dev)
        || !mat_ok(c, "C", m, n, ldc, sc, batch, es, 1, c->dev))
        return NULL;
    if (m == 0 || n == 0 || batch == 0)
        Py_RETURN_NONE;
    ml = gpa_mathlib_get(c->dev);
    if (ml == NULL)
        return NULL;
    alpha[0] = al.real; alpha[1] = al.imag;
    beta[0] = be.real; beta[1] = be.imag;
    if (ml->gemm(c->dev, (gpa_ml_type)t, (char)ta, (char)tb, m, n, k, alpha,
                 a->data, lda, sa, b->data, ldb, sb, beta, c->data, ldc, sc,
                 batch) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* The common head of the LAPACK doors: type of A (no float16), table. */
static const gpa_mathlib *
lapack_head(gpa_array *a, int *t)
{
    *t = ml_type(a, "A");
    if (*t < 0)
        return NULL;
    if (*t == GPA_ML_H) {
        PyErr_SetString(PyExc_TypeError, "array type float16 is unsupported "
                        "in linalg");
        return NULL;
    }
    return gpa_mathlib_get(a->dev);
}

/* _ml_getrf(n, A, lda, sa, ipiv, batch) -> info */
PyObject *
gpa_py_ml_getrf(PyObject *self, PyObject *args)
{
    long long n, lda, sa, batch;
    gpa_array *a, *p;
    PyArrayObject *info = NULL;
    const gpa_mathlib *ml;
    int t;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "LO!LLO!L", &n, ARR(a), &lda, &sa, ARR(p),
                          &batch))
        return NULL;
    ml = lapack_head(a, &t);
    if (ml == NULL || !mat_ok(a, "A", n, n, lda, sa, batch, gpa_ml_size(t), 1,
                              a->dev)
        || !ipiv_ok(p, n, batch, a->dev) || (info = new_info(batch)) == NULL)
        goto fail;
    if (n > 0 && batch > 0
        && ml->getrf(a->dev, (gpa_ml_type)t, n, a->data, lda, sa,
                     (int32_t *)p->data, (int32_t *)PyArray_DATA(info),
                     batch) < 0)
        goto fail;
    return (PyObject *)info;
fail:
    Py_XDECREF(info);
    return NULL;
}

/* _ml_getrs(trans, n, nrhs, A, lda, sa, ipiv, B, ldb, sb, batch) -> info */
PyObject *
gpa_py_ml_getrs(PyObject *self, PyObject *args)
{
    int trans, t;
    long long n, nrhs, lda, sa, ldb, sb, batch;
    gpa_array *a, *p, *b;
    PyArrayObject *info = NULL;
    const gpa_mathlib *ml;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "CLLO!LLO!O!LLL", &trans, &n, &nrhs, ARR(a),
                          &lda, &sa, ARR(p), ARR(b), &ldb, &sb, &batch))
        return NULL;
    if (!strchr("NTC", trans)) {
        PyErr_SetString(PyExc_ValueError, "trans must be 'N', 'T' or 'C'");
        return NULL;
    }
    ml = lapack_head(a, &t);
    if (ml == NULL || !same_type(b, t, "B")
        || !mat_ok(a, "A", n, n, lda, sa, batch, gpa_ml_size(t), 0, a->dev)
        || !mat_ok(b, "B", n, nrhs, ldb, sb, batch, gpa_ml_size(t), 1, a->dev)
        || !ipiv_ok(p, n, batch, a->dev) || (info = new_info(batch)) == NULL)
        goto fail;
    if (n > 0 && nrhs > 0 && batch > 0
        && ml->getrs(a->dev, (gpa_ml_type)t, (char)trans, n, nrhs, a->data,
                     lda, sa, (const int32_t *)p->data, b->data, ldb, sb,
                     (int32_t *)PyArray_DATA(info), batch) < 0)
        goto fail;
    return (PyObject *)info;
fail:
    Py_XDECREF(info);
    return NULL;
}

/* _ml_potrf(uplo, n, A, lda, sa, batch) -> info */
PyObject *
gpa_py_ml_potrf(PyObject *self, PyObject *args)
{
    int uplo, t;
    long long n, lda, sa, batch;
    gpa_array *a;
    PyArrayObject *info = NULL;
    const gpa_mathlib *ml;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "CLO!LLL", &uplo, &n, ARR(a), &lda, &sa,
                          &batch))
        return NULL;
    if (uplo != 'L' && uplo != 'U') {
        PyErr_SetString(PyExc_ValueError, "uplo must be 'L' or 'U'");
        return NULL;
    }
    ml = lapack_head(a, &t);
    if (ml == NULL
        || !mat_ok(a, "A", n, n, lda, sa, batch, gpa_ml_size(t), 1, a->dev)
        || (info = new_info(batch)) == NULL)
        goto fail;
    if (n > 0 && batch > 0
        && ml->potrf(a->dev, (gpa_ml_type)t, (char)uplo, n, a->data, lda, sa,
                     (int32_t *)PyArray_DATA(info), batch) < 0)
        goto fail;
    return (PyObject *)info;
fail:
    Py_XDECREF(info);
    return NULL;
}

/* _ml_syevd(jobz, uplo, n, A, lda, sa, W, sw, batch) -> info */
PyObject *
gpa_py_ml_syevd(PyObject *self, PyObject *args)
{
    int jobz, uplo, t;
    long long n, lda, sa, sw, batch;
    gpa_array *a, *w;
    PyArrayObject *info = NULL;
    const gpa_mathlib *ml;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "CCLO!LLO!LL", &jobz, &uplo, &n, ARR(a),
                          &lda, &sa, ARR(w), &sw, &batch))
        return NULL;
    if ((jobz != 'N' && jobz != 'V') || (uplo != 'L' && uplo != 'U')) {
        PyErr_SetString(PyExc_ValueError, "bad jobz or uplo");
        return NULL;
    }
    ml = lapack_head(a, &t);
    if (ml == NULL || !real_dtype_ok(w, t, "W")
        || !mat_ok(a, "A", n, n, lda, sa, batch, gpa_ml_size(t), 1, a->dev)
        || !mat_ok(w, "W", n, 1, n > 0 ? n : 1, sw, batch,
                   gpa_ml_real_size(t), 1, a->dev)
        || (info = new_info(batch)) == NULL)
        goto fail;
    if (n > 0 && batch > 0
        && ml->syevd(a->dev, (gpa_ml_type)t, (char)jobz, (char)uplo, n,
                     a->data, lda, sa, w->data, sw,
                     (int32_t *)PyArray_DATA(info), batch) < 0)
        goto fail;
    return (PyObject *)info;
fail:
    Py_XDECREF(info);
    return NULL;
}

/* _ml_gesvd(job, m, n, A, lda, sa, S, ss, U, ldu, su, VT, ldvt, svt,
 *           batch) -> info; U and VT are None when job is 'N'. */
PyObject *
gpa_py_ml_gesvd(PyObject *self, PyObject *args)
{
    int job, t;
    long long m, n, lda, sa, ss, ldu, su, ldvt, svt, batch, mn, ucols, vrows;
    gpa_array *a, *s;
    PyObject *uo, *vo;
    gpa_array *u = NULL, *vt = NULL;
    PyArrayObject *info = NULL;
    const gpa_mathlib *ml;
    size_t es;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "CLLO!LLO!LOLLOLLL", &job, &m, &n, ARR(a),
                          &lda, &sa, ARR(s), &ss, &uo, &ldu, &su, &vo, &ldvt,
                          &svt, &batch))
        return NULL;
    if (job != 'A' && job != 'S' && job != 'N') {
        PyErr_SetString(PyExc_ValueError, "job must be 'A', 'S' or 'N'");
        return NULL;
    }
    mn = m < n ? m : n;
    ucols = job == 'A' ? m : mn;
    vrows = job == 'A' ? n : mn;
    if (job != 'N') {
        if (!gpa_array_check(uo) || !gpa_array_check(vo)) {
            PyErr_SetString(PyExc_TypeError, "U and VT must be arrays");
            return NULL;
        }
        u = (gpa_array *)uo;
        vt = (gpa_array *)vo;
    }
    ml = lapack_head(a, &t);
    if (ml == NULL)
        return NULL;
    es = gpa_ml_size(t);
    if (!real_dtype_ok(s, t, "S")
        || !mat_ok(a, "A", m, n, lda, sa, batch, es, 1, a->dev)
        || !mat_ok(s, "S", mn, 1, mn > 0 ? mn : 1, ss, batch,
                   gpa_ml_real_size(t), 1, a->dev)
        || (u != NULL && (!same_type(u, t, "U")
                          || !mat_ok(u, "U", m, ucols, ldu, su, batch, es, 1,
                                     a->dev)))
        || (vt != NULL && (!same_type(vt, t, "VT")
                           || !mat_ok(vt, "VT", vrows, n, ldvt, svt, batch,
                                      es, 1, a->dev)))
        || (info = new_info(batch)) == NULL)
        goto fail;
    if (u == NULL) {
        ldu = 1;
        ldvt = 1;
    }
    if (mn > 0 && batch > 0
        && ml->gesvd(a->dev, (gpa_ml_type)t, (char)job, m, n, a->data, lda,
                     sa, s->data, ss, u ? u->data : NULL, ldu, su,
                     vt ? vt->data : NULL, ldvt, svt,
                     (int32_t *)PyArray_DATA(info), batch) < 0)
        goto fail;
    return (PyObject *)info;
fail:
    Py_XDECREF(info);
    return NULL;
}

/* _ml_geqrf(m, n, A, lda, sa, tau, stau, batch) -> info
 * _ml_orgqr(m, n, k, A, lda, sa, tau, stau, batch) -> info */
PyObject *
gpa_py_ml_geqrf(PyObject *self, PyObject *args)
{
    long long m, n, lda, sa, stau, batch, mn;
    gpa_array *a, *tau;
    PyArrayObject *info = NULL;
    const gpa_mathlib *ml;
    int t;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "LLO!LLO!LL", &m, &n, ARR(a), &lda, &sa,
                          ARR(tau), &stau, &batch))
        return NULL;
    mn = m < n ? m : n;
    ml = lapack_head(a, &t);
    if (ml == NULL || !same_type(tau, t, "tau")
        || !mat_ok(a, "A", m, n, lda, sa, batch, gpa_ml_size(t), 1, a->dev)
        || !mat_ok(tau, "tau", mn, 1, mn > 0 ? mn : 1, stau, batch,
                   gpa_ml_size(t), 1, a->dev)
        || (info = new_info(batch)) == NULL)
        goto fail;
    if (mn > 0 && batch > 0
        && ml->geqrf(a->dev, (gpa_ml_type)t, m, n, a->data, lda, sa,
                     tau->data, stau, (int32_t *)PyArray_DATA(info),
                     batch) < 0)
        goto fail;
    return (PyObject *)info;
fail:
    Py_XDECREF(info);
    return NULL;
}

PyObject *
gpa_py_ml_orgqr(PyObject *self, PyObject *args)
{
    long long m, n, k, lda, sa, stau, batch;
    gpa_array *a, *tau;
    PyArrayObject *info = NULL;
    const gpa_mathlib *ml;
    int t;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "LLLO!LLO!LL", &m, &n, &k, ARR(a), &lda, &sa,
                          ARR(tau), &stau, &batch))
        return NULL;
    if (n > m || k > n || k < 0) {
        PyErr_SetString(PyExc_ValueError, "orgqr needs m >= n >= k >= 0");
        return NULL;
    }
    ml = lapack_head(a, &t);
    if (ml == NULL || !same_type(tau, t, "tau")
        || !mat_ok(a, "A", m, n, lda, sa, batch, gpa_ml_size(t), 1, a->dev)
        || !mat_ok(tau, "tau", k, 1, k > 0 ? k : 1, stau, batch,
                   gpa_ml_size(t), 0, a->dev)
        || (info = new_info(batch)) == NULL)
        goto fail;
    if (n > 0 && batch > 0
        && ml->orgqr(a->dev, (gpa_ml_type)t, m, n, k, a->data, lda, sa,
                     tau->data, stau, (int32_t *)PyArray_DATA(info),
                     batch) < 0)
        goto fail;
    return (PyObject *)info;
fail:
    Py_XDECREF(info);
    return NULL;
}

/* _ml_geev(jobvr, n, A, lda, sa, W, sw, VR, ldvr, svr, batch) -> info;
 * W complex of A's precision, VR None when jobvr is 'N'. */
PyObject *
gpa_py_ml_geev(PyObject *self, PyObject *args)
{
    int jobvr, t, wt;
    long long n, lda, sa, sw, ldvr, svr, batch;
    gpa_array *a, *w, *vr = NULL;
    PyObject *vo;
    PyArrayObject *info = NULL;
    const gpa_mathlib *ml;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "CLO!LLO!LOLLL", &jobvr, &n, ARR(a), &lda,
                          &sa, ARR(w), &sw, &vo, &ldvr, &svr, &batch))
        return NULL;
    if (jobvr != 'V' && jobvr != 'N') {
        PyErr_SetString(PyExc_ValueError, "jobvr must be 'V' or 'N'");
        return NULL;
    }
    if (jobvr == 'V') {
        if (!gpa_array_check(vo)) {
            PyErr_SetString(PyExc_TypeError, "VR must be an array");
            return NULL;
        }
        vr = (gpa_array *)vo;
    }
    ml = lapack_head(a, &t);
    if (ml == NULL)
        return NULL;
    wt = ml_type(w, "W");
    if (wt < 0)
        return NULL;
    if (wt != (t == GPA_ML_S || t == GPA_ML_C ? GPA_ML_C : GPA_ML_Z)) {
        PyErr_SetString(PyExc_TypeError, "W must be complex of A's precision");
        return NULL;
    }
    if (!mat_ok(a, "A", n, n, lda, sa, batch, gpa_ml_size(t), 1, a->dev)
        || !mat_ok(w, "W", n, 1, n > 0 ? n : 1, sw, batch, gpa_ml_size(wt),
                   1, a->dev)
        || (vr != NULL && (!same_type(vr, t, "VR")
                           || !mat_ok(vr, "VR", n, n, ldvr, svr, batch,
                                      gpa_ml_size(t), 1, a->dev)))
        || (info = new_info(batch)) == NULL)
        goto fail;
    if (n > 0 && batch > 0
        && ml->geev(a->dev, (gpa_ml_type)t, (char)jobvr, n, a->data, lda,
                    sa, w->data, sw, vr ? vr->data : NULL,
                    vr ? ldvr : (n > 0 ? n : 1), svr,
                    (int32_t *)PyArray_DATA(info), batch) < 0)
        goto fail;
    return (PyObject *)info;
fail:
    Py_XDECREF(info);
    return NULL;
}

/* _ml_symbols() -> {"openblas": [...], "cublas": [...], "cusolver": [...]}:
 * every exported name the tables resolve, for the symbol test. */
PyObject *
gpa_py_ml_symbols(PyObject *self, PyObject *unused)
{
    PyObject *d, *h = NULL;

    GPA_UNUSED(self);
    GPA_UNUSED(unused);
    d = gpa_mathlib_cuda_symbols();
    if (d == NULL)
        return NULL;
    h = gpa_mathlib_host_symbols();
    if (h == NULL || PyDict_SetItemString(d, "openblas", h) < 0) {
        Py_XDECREF(h);
        Py_DECREF(d);
        return NULL;
    }
    Py_DECREF(h);
    return d;
}

/* _ml_load(kind): loads the libraries of "host" or "cuda" (dlopen and
 * dlsym only: no GPU needed); None, or ImportError naming the missing
 * library. */
PyObject *
gpa_py_ml_load(PyObject *self, PyObject *arg)
{
    const char *kind = PyUnicode_Check(arg) ? PyUnicode_AsUTF8(arg) : NULL;

    GPA_UNUSED(self);
    if (kind == NULL) {
        PyErr_SetString(PyExc_TypeError, "kind must be 'host' or 'cuda'");
        return NULL;
    }
    if (strcmp(kind, "cuda") == 0) {
        if (gpa_mathlib_cuda_load() < 0)
            return NULL;
    }
    else if (strcmp(kind, "host") == 0) {
        if (gpa_mathlib_host() == NULL)
            return NULL;
    }
    else {
        PyErr_SetString(PyExc_ValueError, "kind must be 'host' or 'cuda'");
        return NULL;
    }
    Py_RETURN_NONE;
}

/* _ml_where(what) -> the path `what` was loaded from, or None. */
PyObject *
gpa_py_ml_where(PyObject *self, PyObject *arg)
{
    const char *what = PyUnicode_Check(arg) ? PyUnicode_AsUTF8(arg) : NULL;
    const char *p;

    GPA_UNUSED(self);
    if (what == NULL) {
        PyErr_SetString(PyExc_TypeError, "expected a str");
        return NULL;
    }
    p = gpa_mathlib_where(what);
    if (p == NULL)
        Py_RETURN_NONE;
    return PyUnicode_FromString(p);
}

/* _ml_tf32(flag or None) -> the previous setting; None only reads. */
PyObject *
gpa_py_ml_tf32(PyObject *self, PyObject *arg)
{
    int old = gpa_cfg.tf32, v;

    GPA_UNUSED(self);
    if (arg != Py_None) {
        v = PyObject_IsTrue(arg);
        if (v < 0)
            return NULL;
        gpa_cfg.tf32 = v;
    }
    return PyBool_FromLong(old);
}
