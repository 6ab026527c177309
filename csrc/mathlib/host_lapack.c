/* host_lapack.c - the host backend's math-library table: BLAS and LAPACK
 * of the scipy-openblas64 wheel (a normal PyPI dependency), opened with
 * dlopen through gpa_mathlib_open (Note [Library search]).
 *
 * Note [OpenBLAS names]: the wheel renames every symbol so that it can
 * live beside another BLAS in one process: the Fortran routine dgemm_ is
 * exported as scipy_dgemm_64_ (prefix "scipy_", suffix "_64_": 64-bit
 * integers, ILP64).  We call the Fortran interface (column-major, every
 * argument by pointer, each character argument followed by its hidden
 * length, passed as size_t as gfortran does) and declare the prototypes
 * ourselves: no BLAS header at build time.  The wheel's thread pool uses
 * every core by default, as NumPy's own OpenBLAS does.
 *
 * float16 is not here: the marshalling computes it in float32 on host.
 *
 * The library calls run with the GIL released, as NumPy's do (the loops
 * touch no Python object; the arrays are kept alive by the caller's
 * arguments, and workspaces are allocated before, with the GIL).
 */
#include "common.h"
#include "mathlib/host_blas.h"
#include "mathlib/loader.h"
#include "mathlib/mathlib.h"

#include <dlfcn.h>
#include <stdlib.h>

typedef void (*getrf_fn)(const fint *, const fint *, void *, const fint *,
                         fint *, fint *);
typedef void (*getrs_fn)(const char *, const fint *, const fint *,
                         const void *, const fint *, const fint *, void *,
                         const fint *, fint *, size_t);
typedef void (*potrf_fn)(const char *, const fint *, void *, const fint *,
                         fint *, size_t);
/* dsyevd(jobz, uplo, n, a, lda, w, work, lwork, iwork, liwork, info) */
typedef void (*syevd_fn)(const char *, const char *, const fint *, void *,
                         const fint *, void *, void *, const fint *, fint *,
                         const fint *, fint *, size_t, size_t);
/* zheevd(jobz, uplo, n, a, lda, w, work, lwork, rwork, lrwork, iwork,
 *        liwork, info) */
typedef void (*heevd_fn)(const char *, const char *, const fint *, void *,
                         const fint *, void *, void *, const fint *, void *,
                         const fint *, fint *, const fint *, fint *, size_t,
                         size_t);
/* dgesdd(jobz, m, n, a, lda, s, u, ldu, vt, ldvt, work, lwork, iwork,
 *        info); zgesdd adds rwork before iwork. */
typedef void (*gesdd_r_fn)(const char *, const fint *, const fint *, void *,
                           const fint *, void *, void *, const fint *,
                           void *, const fint *, void *, const fint *,
                           fint *, fint *, size_t);
typedef void (*gesdd_c_fn)(const char *, const fint *, const fint *, void *,
                           const fint *, void *, void *, const fint *,
                           void *, const fint *, void *, const fint *,
                           void *, fint *, fint *, size_t);
/* geqrf(m, n, a, lda, tau, work, lwork, info); orgqr/ungqr(m, n, k, a,
 * lda, tau, work, lwork, info) */
typedef void (*geqrf_fn)(const fint *, const fint *, void *, const fint *,
                         void *, void *, const fint *, fint *);
typedef void (*orgqr_fn)(const fint *, const fint *, const fint *, void *,
                         const fint *, const void *, void *, const fint *,
                         fint *);

/* dgeev(jobvl, jobvr, n, a, lda, wr, wi, vl, ldvl, vr, ldvr, work, lwork,
 *       info); zgeev(jobvl, jobvr, n, a, lda, w, vl, ldvl, vr, ldvr, work,
 *       lwork, rwork, info) */
typedef void (*geev_r_fn)(const char *, const char *, const fint *, void *,
                          const fint *, void *, void *, void *, const fint *,
                          void *, const fint *, void *, const fint *, fint *,
                          size_t, size_t);
typedef void (*geev_c_fn)(const char *, const char *, const fint *, void *,
                          const fint *, void *, void *, const fint *, void *,
                          const fint *, void *, const fint *, void *, fint *,
                          size_t, size_t);

typedef struct {
    gemm_fn gemm[4];
    getrf_fn getrf[4];
    getrs_fn getrs[4];
    potrf_fn potrf[4];
    void *syevd[4]; /* syevd_fn for S/D, heevd_fn for C/Z */
    void *gesdd[4]; /* gesdd_r_fn / gesdd_c_fn */
    geqrf_fn geqrf[4];
    orgqr_fn orgqr[4];
    void *geev[4]; /* geev_r_fn / geev_c_fn */
} openblas_api;

/* Routine names without type letter; "syevd" and "orgqr" become "heevd"
 * and "ungqr" for complex types. */
static const char *const routines[] = {"gemm", "getrf", "getrs", "potrf",
                                       "syevd", "gesdd", "geqrf", "orgqr",
                                       "geev"};
static const char type_letter[4] = {'s', 'd', 'c', 'z'};
static const char *const thread_symbols[2] = {
    "scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"};

/* Note [Process-wide CUDA tables] (runtime/cuda_loader.c) applies here
 * too: one library mapping per process; GIL-protected. */
static openblas_api api;
static gpa_openblas_gemm gemm_view; /* host_gemm.c's part of it */
static int api_state; /* 0 untried, 1 loaded, -1 failed */
static char api_msg[512];

/* The exported name of routine r for type letter c (Note [OpenBLAS
 * names]). */
static void
symbol_name(char *buf, size_t n, char c, const char *r)
{
    int complex_t = (c == 'c' || c == 'z');

    if (complex_t && strcmp(r, "syevd") == 0)
        r = "heevd";
    if (complex_t && strcmp(r, "orgqr") == 0)
        r = "ungqr";
    snprintf(buf, n, "scipy_%c%s_64_", c, r);
}

/* Loads the table; GPA_OK or GPA_ERR with ImportError. */
static int
load(void)
{
    static const char *const sonames[] = {"libscipy_openblas64_.so", NULL};
    void *h, **slots = (void **)&api;
    char name[64];

    if (api_state > 0)
        return GPA_OK;
    if (api_state < 0) {
        PyErr_SetString(PyExc_ImportError, api_msg);
        return GPA_ERR;
    }
    h = gpa_mathlib_open("OpenBLAS", sonames, "scipy-openblas64");
    if (h == NULL) {
        PyObject *t, *v, *tb, *s;
        PyErr_Fetch(&t, &v, &tb);
        s = v ? PyObject_Str(v) : NULL;
        snprintf(api_msg, sizeof api_msg, "%s",
                 s && PyUnicode_Check(s) ? PyUnicode_AsUTF8(s) : "OpenBLAS");
        Py_XDECREF(s);
        PyErr_Restore(t, v, tb);
        api_state = -1;
        return GPA_ERR;
    }
    for (size_t r = 0; r < sizeof routines / sizeof *routines; r++) {
        for (int k = 0; k < 4; k++) {
            symbol_name(name, sizeof name, type_letter[k], routines[r]);
            slots[r * 4 + k] = dlsym(h, name);
            if (slots[r * 4 + k] == NULL) {
                snprintf(api_msg, sizeof api_msg,
                         "OpenBLAS (%s) lacks %s: install a current "
                         "scipy-openblas64", gpa_mathlib_where("OpenBLAS"),
                         name);
                PyErr_SetString(PyExc_ImportError, api_msg);
                api_state = -1;
                return GPA_ERR; /* h stays open: harmless, process-wide */
            }
        }
    }
    for (int k = 0; k < 4; k++)
        gemm_view.gemm[k] = (void *)api.gemm[k];
    /* Optional: without them the batch loop stays on one thread. */
    *(void **)&gemm_view.get_threads = dlsym(h, thread_symbols[0]);
    *(void **)&gemm_view.set_threads = dlsym(h, thread_symbols[1]);
    if (gemm_view.get_threads == NULL || gemm_view.set_threads == NULL)
        gemm_view.get_threads = NULL, gemm_view.set_threads = NULL;
    api_state = 1;
    return GPA_OK;
}

const gpa_openblas_gemm *
gpa_openblas_gemm_get(void)
{
    return load() < 0 ? NULL : &gemm_view;
}

/* LAPACK's lwork query hands the size back as a float/complex element. */
static fint
lwork_of(gpa_ml_type t, const void *q)
{
    double v = (t == GPA_ML_S || t == GPA_ML_C) ? (double)*(const float *)q
                                                : *(const double *)q;
    return (fint)v + 1;
}

static int
host_getrf(gpa_device *dev, gpa_ml_type t, int64_t n, void *a, int64_t lda,
           int64_t sa, int32_t *ipiv, int32_t *info, int64_t batch)
{
    fint N = n, LDA = lda, inf, *piv = NULL;
    size_t es = gpa_ml_size(t);

    GPA_UNUSED(dev);
    if (load() < 0)
        return GPA_ERR;
    piv = PyMem_Malloc(sizeof(fint) * (size_t)(n > 0 ? n : 1));
    if (piv == NULL) {
        PyErr_NoMemory();
        return GPA_ERR;
    }
    Py_BEGIN_ALLOW_THREADS
    for (int64_t i = 0; i < batch; i++) {
        api.getrf[t](&N, &N, (char *)a + i * sa * es, &LDA, piv, &inf);
        for (int64_t j = 0; j < n; j++)
            ipiv[i * n + j] = (int32_t)piv[j];
        info[i] = (int32_t)inf;
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(piv);
    return GPA_OK;
}

static int
host_getrs(gpa_device *dev, gpa_ml_type t, char trans, int64_t n,
           int64_t nrhs, const void *a, int64_t lda, int64_t sa,
           const int32_t *ipiv, void *b, int64_t ldb, int64_t sb,
           int32_t *info, int64_t batch)
{
    fint N = n, NR = nrhs, LDA = lda, LDB = ldb, inf, *piv = NULL;
    size_t es = gpa_ml_size(t);

    GPA_UNUSED(dev);
    if (load() < 0)
        return GPA_ERR;
    piv = PyMem_Malloc(sizeof(fint) * (size_t)(n > 0 ? n : 1));
    if (piv == NULL) {
        PyErr_NoMemory();
        return GPA_ERR;
    }
    Py_BEGIN_ALLOW_THREADS
    for (int64_t i = 0; i < batch; i++) {
        for (int64_t j = 0; j < n; j++)
            piv[j] = ipiv[i * n + j];
        api.getrs[t](&trans, &N, &NR, (const char *)a + i * sa * es, &LDA,
                     piv, (char *)b + i * sb * es, &LDB, &inf, 1);
        info[i] = (int32_t)inf;
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(piv);
    return GPA_OK;
}

static int
host_potrf(gpa_device *dev, gpa_ml_type t, char uplo, int64_t n, void *a,
           int64_t lda, int64_t sa, int32_t *info, int64_t batch)
{
    fint N = n, LDA = lda, inf;
    size_t es = gpa_ml_size(t);

    GPA_UNUSED(dev);
    if (load() < 0)
        return GPA_ERR;
    Py_BEGIN_ALLOW_THREADS
    for (int64_t i = 0; i < batch; i++) {
        api.potrf[t](&uplo, &N, (char *)a + i * sa * es, &LDA, &inf, 1);
        info[i] = (int32_t)inf;
    }
    Py_END_ALLOW_THREADS
    return GPA_OK;
}

static int
host_syevd(gpa_device *dev, gpa_ml_type t, char jobz, char uplo, int64_t n,
           void *a, int64_t lda, int64_t sa, void *w, int64_t sw,
           int32_t *info, int64_t batch)
{
    fint N = n, LDA = lda, inf = 0, lwork = -1, lrwork = -1, liwork = -1;
    fint iq = 0;
    double q[2] = {0, 0}, rq[2] = {0, 0};
    void *work = NULL, *rwork = NULL;
    fint *iwork = NULL;
    size_t es = gpa_ml_size(t), rs = gpa_ml_real_size(t);
    int cplx = (t == GPA_ML_C || t == GPA_ML_Z);
    int rc = GPA_ERR;

    GPA_UNUSED(dev);
    if (load() < 0)
        return GPA_ERR;
    /* One workspace query, sized for all the batch. */
    if (cplx)
        ((heevd_fn)api.syevd[t])(&jobz, &uplo, &N, a, &LDA, w, q, &lwork,
                                 rq, &lrwork, &iq, &liwork, &inf, 1, 1);
    else
        ((syevd_fn)api.syevd[t])(&jobz, &uplo, &N, a, &LDA, w, q, &lwork,
                                 &iq, &liwork, &inf, 1, 1);
    lwork = lwork_of(t, q);
    liwork = iq + 1;
    lrwork = cplx ? (t == GPA_ML_C ? (fint)*(float *)rq : (fint)rq[0]) + 1
                  : 1;
    work = PyMem_Malloc((size_t)lwork * es);
    rwork = PyMem_Malloc((size_t)lrwork * rs);
    iwork = PyMem_Malloc((size_t)liwork * sizeof(fint));
    if (work == NULL || rwork == NULL || iwork == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    Py_BEGIN_ALLOW_THREADS
    for (int64_t i = 0; i < batch; i++) {
        void *ai = (char *)a + i * sa * es, *wi = (char *)w + i * sw * rs;
        if (cplx)
            ((heevd_fn)api.syevd[t])(&jobz, &uplo, &N, ai, &LDA, wi, work,
                                     &lwork, rwork, &lrwork, iwork, &liwork,
                                     &inf, 1, 1);
        else
            ((syevd_fn)api.syevd[t])(&jobz, &uplo, &N, ai, &LDA, wi, work,
                                     &lwork, iwork, &liwork, &inf, 1, 1);
        info[i] = (int32_t)inf;
    }
    Py_END_ALLOW_THREADS
    rc = GPA_OK;
fail:
    PyMem_Free(work);
    PyMem_Free(rwork);
    PyMem_Free(iwork);
    return rc;
}

static int
host_gesvd(gpa_device *dev, gpa_ml_type t, char job, int64_t m, int64_t n,
           void *a, int64_t lda, int64_t sa, void *s, int64_t ss, void *u,
           int64_t ldu, int64_t su, void *vt, int64_t ldvt, int64_t svt,
           int32_t *info, int64_t batch)
{
    fint M = m, N = n, LDA = lda, LDU = ldu, LDVT = ldvt, inf = 0;
    fint lwork = -1, mn = m < n ? m : n, mx = m > n ? m : n;
    double q[2] = {0, 0};
    void *work = NULL, *rwork = NULL;
    fint *iwork = NULL;
    size_t es = gpa_ml_size(t), rs = gpa_ml_real_size(t), lrwork;
    int cplx = (t == GPA_ML_C || t == GPA_ML_Z);
    char jobz = job;
    int rc = GPA_ERR;

    GPA_UNUSED(dev);
    if (load() < 0)
        return GPA_ERR;
    /* zgesdd's rwork (LAPACK 3.7+ bound). */
    lrwork = (size_t)(jobz == 'N' ? 7 * mn
                      : (mn * (5 * mn + 7) > mn * (2 * mx + 2 * mn + 1)
                         ? mn * (5 * mn + 7) : mn * (2 * mx + 2 * mn + 1)));
    lrwork = lrwork > 0 ? lrwork : 1;
    iwork = PyMem_Malloc(sizeof(fint) * (size_t)(8 * (mn > 0 ? mn : 1)));
    rwork = cplx ? PyMem_Malloc(lrwork * rs) : PyMem_Malloc(rs);
    if (iwork == NULL || rwork == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    if (cplx)
        ((gesdd_c_fn)api.gesdd[t])(&jobz, &M, &N, a, &LDA, s, u, &LDU, vt,
                                   &LDVT, q, &lwork, rwork, iwork, &inf, 1);
    else
        ((gesdd_r_fn)api.gesdd[t])(&jobz, &M, &N, a, &LDA, s, u, &LDU, vt,
                                   &LDVT, q, &lwork, iwork, &inf, 1);
    lwork = lwork_of(t, q);
    work = PyMem_Malloc((size_t)lwork * es);
    if (work == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    Py_BEGIN_ALLOW_THREADS
    for (int64_t i = 0; i < batch; i++) {
        void *ai = (char *)a + i * sa * es, *si = (char *)s + i * ss * rs;
        void *ui = u ? (char *)u + i * su * es : NULL;
        void *vi = vt ? (char *)vt + i * svt * es : NULL;
        if (cplx)
            ((gesdd_c_fn)api.gesdd[t])(&jobz, &M, &N, ai, &LDA, si, ui, &LDU,
                                       vi, &LDVT, work, &lwork, rwork, iwork,
                                       &inf, 1);
        else
            ((gesdd_r_fn)api.gesdd[t])(&jobz, &M, &N, ai, &LDA, si, ui, &LDU,
                                       vi, &LDVT, work, &lwork, iwork, &inf,
                                       1);
        info[i] = (int32_t)inf;
    }
    Py_END_ALLOW_THREADS
    rc = GPA_OK;
fail:
    PyMem_Free(work);
    PyMem_Free(rwork);
    PyMem_Free(iwork);
    return rc;
}

static int
host_geqrf(gpa_device *dev, gpa_ml_type t, int64_t m, int64_t n, void *a,
           int64_t lda, int64_t sa, void *tau, int64_t stau, int32_t *info,
           int64_t batch)
{
    fint M = m, N = n, LDA = lda, inf = 0, lwork = -1;
    double q[2] = {0, 0};
    void *work;
    size_t es = gpa_ml_size(t);

    GPA_UNUSED(dev);
    if (load() < 0)
        return GPA_ERR;
    api.geqrf[t](&M, &N, a, &LDA, tau, q, &lwork, &inf);
    lwork = lwork_of(t, q);
    work = PyMem_Malloc((size_t)lwork * es);
    if (work == NULL) {
        PyErr_NoMemory();
        return GPA_ERR;
    }
    Py_BEGIN_ALLOW_THREADS
    for (int64_t i = 0; i < batch; i++) {
        api.geqrf[t](&M, &N, (char *)a + i * sa * es, &LDA,
                     (char *)tau + i * stau * es, work, &lwork, &inf);
        info[i] = (int32_t)inf;
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(work);
    return GPA_OK;
}

static int
host_orgqr(gpa_device *dev, gpa_ml_type t, int64_t m, int64_t n, int64_t k,
           void *a, int64_t lda, int64_t sa, const void *tau, int64_t stau,
           int32_t *info, int64_t batch)
{
    fint M = m, N = n, K = k, LDA = lda, inf = 0, lwork = -1;
    double q[2] = {0, 0};
    void *work;
    size_t es = gpa_ml_size(t);

    GPA_UNUSED(dev);
    if (load() < 0)
        return GPA_ERR;
    api.orgqr[t](&M, &N, &K, a, &LDA, tau, q, &lwork, &inf);
    lwork = lwork_of(t, q);
    work = PyMem_Malloc((size_t)lwork * es);
    if (work == NULL) {
        PyErr_NoMemory();
        return GPA_ERR;
    }
    Py_BEGIN_ALLOW_THREADS
    for (int64_t i = 0; i < batch; i++) {
        api.orgqr[t](&M, &N, &K, (char *)a + i * sa * es, &LDA,
                     (const char *)tau + i * stau * es, work, &lwork, &inf);
        info[i] = (int32_t)inf;
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(work);
    return GPA_OK;
}

static int
host_geev(gpa_device *dev, gpa_ml_type t, char jobvr, int64_t n, void *a,
          int64_t lda, int64_t sa, void *w, int64_t sw, void *vr,
          int64_t ldvr, int64_t svr, int32_t *info, int64_t batch)
{
    fint N = n, LDA = lda, LDVR = jobvr == 'V' ? ldvr : 1, one = 1;
    fint inf = 0, lwork = -1;
    char jobvl = 'N';
    double q[2] = {0, 0}, dummy[2];
    void *work = NULL, *rwork = NULL;
    size_t es = gpa_ml_size(t), rs = gpa_ml_real_size(t);
    int cplx = (t == GPA_ML_C || t == GPA_ML_Z);
    char *wr = NULL;
    int rc = GPA_ERR;

    GPA_UNUSED(dev);
    if (load() < 0)
        return GPA_ERR;
    /* Real types: wr and wi side by side, then interleaved into w. */
    rwork = PyMem_Malloc(rs * (size_t)(2 * (n > 0 ? n : 1)));
    if (rwork == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    wr = rwork;
    if (cplx)
        ((geev_c_fn)api.geev[t])(&jobvl, &jobvr, &N, a, &LDA, w, dummy, &one,
                                 vr ? vr : dummy, &LDVR, q, &lwork, rwork,
                                 &inf, 1, 1);
    else
        ((geev_r_fn)api.geev[t])(&jobvl, &jobvr, &N, a, &LDA, wr,
                                 wr + n * rs, dummy, &one, vr ? vr : dummy,
                                 &LDVR, q, &lwork, &inf, 1, 1);
    lwork = lwork_of(t, q);
    work = PyMem_Malloc((size_t)lwork * es);
    if (work == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    Py_BEGIN_ALLOW_THREADS
    for (int64_t i = 0; i < batch; i++) {
        char *ai = (char *)a + i * sa * es;
        char *wi = (char *)w + i * sw * 2 * rs;
        char *vi = vr ? (char *)vr + i * svr * es : (char *)dummy;
        if (cplx) {
            ((geev_c_fn)api.geev[t])(&jobvl, &jobvr, &N, ai, &LDA, wi, dummy,
                                     &one, vi, &LDVR, work, &lwork, rwork,
                                     &inf, 1, 1);
        }
        else {
            ((geev_r_fn)api.geev[t])(&jobvl, &jobvr, &N, ai, &LDA, wr,
                                     wr + n * rs, dummy, &one, vi, &LDVR,
                                     work, &lwork, &inf, 1, 1);
            for (int64_t j = 0; j < n; j++) {
                memcpy(wi + 2 * j * rs, wr + j * rs, rs);
                memcpy(wi + (2 * j + 1) * rs, wr + (n + j) * rs, rs);
            }
        }
        info[i] = (int32_t)inf;
    }
    Py_END_ALLOW_THREADS
    rc = GPA_OK;
fail:
    PyMem_Free(work);
    PyMem_Free(rwork);
    return rc;
}

static const gpa_mathlib host_table = {
    .name = "openblas",
    .gemm = gpa_host_gemm,
    .gemm_ptrs = gpa_host_gemm_ptrs,
    .getrf = host_getrf,
    .getrs = host_getrs,
    .potrf = host_potrf,
    .syevd = host_syevd,
    .gesvd = host_gesvd,
    .geqrf = host_geqrf,
    .orgqr = host_orgqr,
    .geev = host_geev,
};

const gpa_mathlib *
gpa_mathlib_host(void)
{
    if (load() < 0)
        return NULL;
    return &host_table;
}

/* For the symbol test: the exported names this file resolves, as a new
 * list of str. */
PyObject *
gpa_mathlib_host_symbols(void)
{
    PyObject *out = PyList_New(0), *s;
    char name[64];

    for (size_t r = 0; out && r < sizeof routines / sizeof *routines; r++)
        for (int k = 0; k < 4; k++) {
            symbol_name(name, sizeof name, type_letter[k], routines[r]);
            s = PyUnicode_FromString(name);
            if (s == NULL || PyList_Append(out, s) < 0) {
                Py_XDECREF(s);
                Py_CLEAR(out);
                break;
            }
            Py_DECREF(s);
        }
    /* host_gemm.c's thread control (optional at load, listed here so that
     * a renamed symbol fails the symbol test) */
    for (int i = 0; out && i < 2; i++) {
        s = PyUnicode_FromString(thread_symbols[i]);
        if (s == NULL || PyList_Append(out, s) < 0)
            Py_CLEAR(out);
        Py_XDECREF(s);
    }
    return out;
}
