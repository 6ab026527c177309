/* cuda_blas.c - the cuda backend's math-library table: cuBLAS for GEMM,
 * cuSOLVER (dense, legacy 32-bit API) for the factorizations, both opened
 * with dlopen through gpa_mathlib_open (Note [Library search]); no CUDA
 * header at build time, so the few enums and prototypes are declared
 * here, checked against the CUDA 13 headers' values.
 *
 * Note [Library handles]: a cuBLAS or cuSOLVER handle belongs to one
 * device and must not be used by two threads at once, so handles live in
 * thread-local slots indexed by device ordinal, created on first use with
 * the device's context current and kept for the thread's life (a handle
 * is a few KiB; threads that do linear algebra are few).  Every call
 * first binds the handle to the device's current stream, so library work
 * is ordered with our kernels.  cuBLAS gets a workspace from our pool
 * (cublasSetWorkspace) so that it allocates nothing behind the pool's
 * back; cuSOLVER's workspaces are asked for per call and come from the
 * pool, released (stream-ordered) when the call has been queued.
 *
 * Batches: cuBLAS has strided-batched GEMM; for cuSOLVER the stacks are
 * a loop of calls on one stream (the library's *Batched routines take
 * pointer arrays and cover only small sizes; see docs/design/linalg.md).
 * info is written on the device, one int per matrix, and copied back
 * once at the end (that copy synchronizes the stream: info decides
 * whether LinAlgError is raised, as in NumPy).
 */
#include "common.h"
#include "config.h"
#include "mathlib/loader.h"
#include "mathlib/mathlib.h"
#include "runtime/cuda_backend.h"
#include "runtime/memory.h"

#include <dlfcn.h>
#include <limits.h>

/* Enum values of cublas_api.h / library_types.h / cusolver_common.h. */
enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2 };
enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1 };
enum { CUDA_R_32F = 0, CUDA_R_64F = 1, CUDA_R_16F = 2, CUDA_C_32F = 4,
       CUDA_C_64F = 5 };
enum { CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
       CUBLAS_COMPUTE_64F = 70 };
enum { CUBLAS_GEMM_DEFAULT = -1 };
enum { CUSOLVER_EIG_MODE_NOVECTOR = 0, CUSOLVER_EIG_MODE_VECTOR = 1 };

#define CUBLAS_WORKSPACE_BYTES ((size_t)32 << 20)
#define MAX_DEVICES 64

typedef int (*create_fn)(void **);
typedef int (*destroy_fn)(void *);
typedef int (*set_stream_fn)(void *, void *);
typedef const char *(*status_name_fn)(int);
typedef int (*set_workspace_fn)(void *, void *, size_t);
/* (handle, transa, transb, m, n, k, alpha, A, Atype, lda, strideA, B,
 *  Btype, ldb, strideB, beta, C, Ctype, ldc, strideC, batch, compute,
 *  algo) */
typedef int (*gemm_ex_fn)(void *, int, int, int, int, int, const void *,
                          const void *, int, int, long long, const void *,
                          int, int, long long, const void *, void *, int,
                          int, long long, int, int, int);
typedef int (*getrf_bs_fn)(void *, int, int, void *, int, int *);
typedef int (*getrf_fn)(void *, int, int, void *, int, void *, int *, int *);
typedef int (*getrs_fn)(void *, int, int, int, const void *, int,
                        const int *, void *, int, int *);
typedef int (*potrf_bs_fn)(void *, int, int, void *, int, int *);
typedef int (*potrf_fn)(void *, int, int, void *, int, void *, int, int *);
typedef int (*syevd_bs_fn)(void *, int, int, int, const void *, int,
                           const void *, int *);
typedef int (*syevd_fn)(void *, int, int, int, void *, int, void *, void *,
                        int, int *);
typedef int (*gesvd_bs_fn)(void *, int, int, int *);
typedef int (*gesvd_fn)(void *, signed char, signed char, int, int, void *,
                        int, void *, void *, int, void *, int, void *, int,
                        void *, int *);
typedef int (*geqrf_bs_fn)(void *, int, int, void *, int, int *);
typedef int (*geqrf_fn)(void *, int, int, void *, int, void *, void *, int,
                        int *);
typedef int (*orgqr_bs_fn)(void *, int, int, int, const void *, int,
                           const void *, int *);
typedef int (*orgqr_fn)(void *, int, int, int, void *, int, const void *,
                        void *, int, int *);

typedef struct {
    create_fn cublasCreate;
    destroy_fn cublasDestroy;
    set_stream_fn cublasSetStream;
    status_name_fn cublasGetStatusName;
    set_workspace_fn cublasSetWorkspace;
    gemm_ex_fn cublasGemmStridedBatchedEx;
} cublas_api;

/* cusolverDnXgeev_bufferSize(handle, params, jobvl, jobvr, n, typeA, A,
 *   lda, typeW, W, typeVL, VL, ldvl, typeVR, VR, ldvr, computeType,
 *   &device_bytes, &host_bytes); cusolverDnXgeev(... the same ...,
 *   computeType, dev_buf, dev_bytes, host_buf, host_bytes, info) */
typedef int (*xgeev_bs_fn)(void *, void *, int, int, int64_t, int,
                           const void *, int64_t, int, const void *, int,
                           const void *, int64_t, int, const void *, int64_t,
                           int, size_t *, size_t *);
typedef int (*xgeev_fn)(void *, void *, int, int, int64_t, int, void *,
                        int64_t, int, void *, int, void *, int64_t, int,
                        void *, int64_t, int, void *, size_t, void *, size_t,
                        int *);

typedef struct {
    create_fn cusolverDnCreate;
    destroy_fn cusolverDnDestroy;
    set_stream_fn cusolverDnSetStream;
    create_fn cusolverDnCreateParams;
    destroy_fn cusolverDnDestroyParams;
    xgeev_bs_fn cusolverDnXgeev_bufferSize;
    xgeev_fn cusolverDnXgeev;
    getrf_bs_fn getrf_bs[4];
    getrf_fn getrf[4];
    getrs_fn getrs[4];
    potrf_bs_fn potrf_bs[4];
    potrf_fn potrf[4];
    syevd_bs_fn syevd_bs[4];
    syevd_fn syevd[4];
    gesvd_bs_fn gesvd_bs[4];
    gesvd_fn gesvd[4];
    geqrf_bs_fn geqrf_bs[4];
    geqrf_fn geqrf[4];
    orgqr_bs_fn orgqr_bs[4];
    orgqr_fn orgqr[4];
} cusolver_api;

static const char *const cublas_names[] = {
    "cublasCreate_v2", "cublasDestroy_v2", "cublasSetStream_v2",
    "cublasGetStatusName", "cublasSetWorkspace_v2",
    "cublasGemmStridedBatchedEx",
};

/* cuSOLVER per-type routines: "%c" is the type letter; syevd/orgqr are
 * heevd/ungqr for complex types (second column). */
static const char *const cusolver_plain[] = {
    "cusolverDnCreate", "cusolverDnDestroy", "cusolverDnSetStream",
    "cusolverDnCreateParams", "cusolverDnDestroyParams",
    "cusolverDnXgeev_bufferSize", "cusolverDnXgeev",
};
static const char *const cusolver_typed[][2] = {
    {"cusolverDn%cgetrf_bufferSize", NULL},
    {"cusolverDn%cgetrf", NULL},
    {"cusolverDn%cgetrs", NULL},
    {"cusolverDn%cpotrf_bufferSize", NULL},
    {"cusolverDn%cpotrf", NULL},
    {"cusolverDn%csyevd_bufferSize", "cusolverDn%cheevd_bufferSize"},
    {"cusolverDn%csyevd", "cusolverDn%cheevd"},
    {"cusolverDn%cgesvd_bufferSize", NULL},
    {"cusolverDn%cgesvd", NULL},
    {"cusolverDn%cgeqrf_bufferSize", NULL},
    {"cusolverDn%cgeqrf", NULL},
    {"cusolverDn%corgqr_bufferSize", "cusolverDn%cungqr_bufferSize"},
    {"cusolverDn%corgqr", "cusolverDn%cungqr"},
};
static const char letters[4] = {'S', 'D', 'C', 'Z'};

#define N_TYPED (sizeof cusolver_typed / sizeof *cusolver_typed)

/* Note [Process-wide CUDA tables] (runtime/cuda_loader.c); GIL. */
static cublas_api blas;
static cusolver_api solver;
static int blas_state, solver_state; /* 0 untried, 1 loaded, -1 failed */

static __thread void *tls_blas[MAX_DEVICES];
static __thread void *tls_solver[MAX_DEVICES];

static void
typed_name(char *buf, size_t n, size_t r, int k)
{
    const char *fmt = cusolver_typed[r][0];

    if (k >= 2 && cusolver_typed[r][1] != NULL)
        fmt = cusolver_typed[r][1];
    snprintf(buf, n, fmt, letters[k]);
}

static int
missing(const char *lib, const char *sym)
{
    PyErr_Format(PyExc_ImportError,
                 "%s (%s) lacks %s: it is older than CUDA 12 or damaged",
                 lib, gpa_mathlib_where(lib) ? gpa_mathlib_where(lib) : "?",
                 sym);
    return GPA_ERR;
}

static int
load_cublas(void)
{
    static const char *const sonames[] = {"libcublas.so.13",
                                          "libcublas.so.12", NULL};
    void *h, **slots = (void **)&blas;

    if (blas_state > 0)
        return GPA_OK;
    h = gpa_mathlib_open("cuBLAS", sonames, "nvidia-cublas (CUDA 13) or "
                         "nvidia-cublas-cu12 (CUDA 12)");
    if (h == NULL)
        return GPA_ERR;
    for (size_t i = 0; i < sizeof cublas_names / sizeof *cublas_names; i++) {
        slots[i] = dlsym(h, cublas_names[i]);
        if (slots[i] == NULL)
            return missing("cuBLAS", cublas_names[i]);
    }
    blas_state = 1;
    return GPA_OK;
}

static int
load_cusolver(void)
{
    static const char *const sonames[] = {"libcusolver.so.12",
                                          "libcusolver.so.11", NULL};
    void *h, **slots = (void **)&solver;
    char name[64];
    size_t np = sizeof cusolver_plain / sizeof *cusolver_plain;

    if (solver_state > 0)
        return GPA_OK;
    /* cuSOLVER needs cuBLAS(Lt) beside it: load that first, so the
     * message names the right library when it is missing. */
    if (load_cublas() < 0)
        return GPA_ERR;
    h = gpa_mathlib_open("cuSOLVER", sonames, "nvidia-cusolver (CUDA 13) "
                         "or nvidia-cusolver-cu12 (CUDA 12)");
    if (h == NULL)
        return GPA_ERR;
    for (size_t i = 0; i < np; i++) {
        slots[i] = dlsym(h, cusolver_plain[i]);
        if (slots[i] == NULL)
            return missing("cuSOLVER", cusolver_plain[i]);
    }
    for (size_t r = 0; r < N_TYPED; r++)
        for (int k = 0; k < 4; k++) {
            typed_name(name, sizeof name, r, k);
            slots[np + r * 4 + k] = dlsym(h, name);
            if (slots[np + r * 4 + k] == NULL)
                return missing("cuSOLVER", name);
        }
    solver_state = 1;
    return GPA_OK;
}

static const char *
cusolver_status_name(int s)
{
    static const char *const names[] = {
        "CUSOLVER_STATUS_SUCCESS", "CUSOLVER_STATUS_NOT_INITIALIZED",
        "CUSOLVER_STATUS_ALLOC_FAILED", "CUSOLVER_STATUS_INVALID_VALUE",
        "CUSOLVER_STATUS_ARCH_MISMATCH", "CUSOLVER_STATUS_MAPPING_ERROR",
        "CUSOLVER_STATUS_EXECUTION_FAILED", "CUSOLVER_STATUS_INTERNAL_ERROR",
        "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED",
        "CUSOLVER_STATUS_NOT_SUPPORTED"};
    if (s >= 0 && s < (int)(sizeof names / sizeof *names))
        return names[s];
    return "CUSOLVER_STATUS_UNKNOWN";
}

/* The check macros: one per library, naming the call, its status and
 * file:line; they jump to the function's `fail` label. */
#define CUBLAS_CHECK(call)                                                 \
    do {                                                                   \
        int st_ = (call);                                                  \
        if (st_ != 0) {                                                    \
            PyErr_Format(st_ == 3 ? PyExc_MemoryError : PyExc_RuntimeError,\
                         "cuBLAS %s failed: %s (%s:%d)", #call,            \
                         blas.cublasGetStatusName(st_), __FILE__,          \
                         __LINE__);                                        \
            goto fail;                                                     \
        }                                                                  \
    } while (0)
#define CUSOLVER_CHECK(call)                                               \
    do {                                                                   \
        int st_ = (call);                                                  \
        if (st_ != 0) {                                                    \
            PyErr_Format(st_ == 2 ? PyExc_MemoryError : PyExc_RuntimeError,\
                         "cuSOLVER %s failed: %s (%s:%d)", #call,          \
                         cusolver_status_name(st_), __FILE__, __LINE__);   \
            goto fail;                                                     \
        }                                                                  \
    } while (0)

static int
fits_int(int64_t v, const char *what)
{
    if (v > INT_MAX) {
        PyErr_Format(PyExc_ValueError,
                     "%s = %lld is too large for the CUDA library's 32-bit "
                     "interface", what, (long long)v);
        return 0;
    }
    return 1;
}

/* dev's cuBLAS handle on this thread, bound to dev's current stream
 * (Note [Library handles]); NULL with an exception. Borrowed. */
static void *
blas_handle(gpa_device *dev)
{
    void *h = NULL;
    gpa_mem *ws = NULL;

    if (load_cublas() < 0 || gpa_cuda_activate(dev) < 0)
        return NULL;
    if (dev->ordinal < 0 || dev->ordinal >= MAX_DEVICES) {
        PyErr_SetString(PyExc_RuntimeError, "device ordinal out of range");
        return NULL;
    }
    if (tls_blas[dev->ordinal] == NULL) {
        CUBLAS_CHECK(blas.cublasCreate(&h));
        /* Kept for the handle's life: never released. */
        ws = gpa_mem_alloc(dev, CUBLAS_WORKSPACE_BYTES);
        if (ws == NULL)
            goto fail;
        CUBLAS_CHECK(blas.cublasSetWorkspace(h, ws->ptr,
                                             CUBLAS_WORKSPACE_BYTES));
        tls_blas[dev->ordinal] = h;
        h = NULL;
    }
    CUBLAS_CHECK(blas.cublasSetStream(tls_blas[dev->ordinal], dev->stream));
    return tls_blas[dev->ordinal];
fail:
    if (h != NULL)
        blas.cublasDestroy(h);
    if (ws != NULL)
        gpa_mem_decref(ws);
    return NULL;
}

static void *
solver_handle(gpa_device *dev)
{
    void *h = NULL;

    if (load_cusolver() < 0 || gpa_cuda_activate(dev) < 0)
        return NULL;
    if (dev->ordinal < 0 || dev->ordinal >= MAX_DEVICES) {
        PyErr_SetString(PyExc_RuntimeError, "device ordinal out of range");
        return NULL;
    }
    if (tls_solver[dev->ordinal] == NULL) {
        CUSOLVER_CHECK(solver.cusolverDnCreate(&h));
        tls_solver[dev->ordinal] = h;
    }
    CUSOLVER_CHECK(solver.cusolverDnSetStream(tls_solver[dev->ordinal],
                                              dev->stream));
    return tls_solver[dev->ordinal];
fail:
    return NULL;
}

static int
op_of(char t)
{
    return t == 'N' ? CUBLAS_OP_N : t == 'T' ? CUBLAS_OP_T : CUBLAS_OP_C;
}

static int
cuda_gemm(gpa_device *dev, gpa_ml_type t, char ta, char tb, int64_t m,
          int64_t n, int64_t k, const double *alpha, const void *a,
          int64_t lda, int64_t sa, const void *b, int64_t ldb, int64_t sb,
          const double *beta, void *c, int64_t ldc, int64_t sc,
          int64_t batch)
{
    static const int dtypes[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F,
                                 CUDA_C_64F, CUDA_R_16F};
    float fa[2] = {(float)alpha[0], (float)alpha[1]};
    float fb[2] = {(float)beta[0], (float)beta[1]};
    int dbl = (t == GPA_ML_D || t == GPA_ML_Z);
    int compute;
    void *h;

    if (!fits_int(m, "m") || !fits_int(n, "n") || !fits_int(k, "k")
        || !fits_int(lda, "lda") || !fits_int(ldb, "ldb")
        || !fits_int(ldc, "ldc") || !fits_int(batch, "batch"))
        return GPA_ERR;
    h = blas_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    if (dbl)
        compute = CUBLAS_COMPUTE_64F;
    else
        compute = (gpa_cfg.tf32 && t != GPA_ML_H)
                  ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
    CUBLAS_CHECK(blas.cublasGemmStridedBatchedEx(
        h, op_of(ta), op_of(tb), (int)m, (int)n, (int)k,
        dbl ? (const void *)alpha : fa, a, dtypes[t], (int)lda, sa, b,
        dtypes[t], (int)ldb, sb, dbl ? (const void *)beta : fb, c,
        dtypes[t], (int)ldc, sc, (int)batch, compute, CUBLAS_GEMM_DEFAULT));
    return GPA_OK;
fail:
    return GPA_ERR;
}

/* The per-call scratch of the solver routines: a device info array of
 * `batch` ints and a workspace; both from the pool. */
typedef struct {
    gpa_mem *info;
    gpa_mem *work;
} scratch;

static int
scratch_get(gpa_device *dev, scratch *s, int64_t batch, size_t work_bytes)
{
    s->info = gpa_mem_alloc(dev, sizeof(int) * (size_t)(batch > 0 ? batch : 1));
    if (s->info == NULL)
        return GPA_ERR;
    s->work = gpa_mem_alloc(dev, work_bytes > 0 ? work_bytes : 16);
    return s->work == NULL ? GPA_ERR : GPA_OK;
}

/* Copies info back (synchronizing the stream) and frees the scratch.
 * `ok` says whether to copy. */
static int
scratch_done(gpa_device *dev, scratch *s, int32_t *info, int64_t batch,
             int ok)
{
    int rc = GPA_OK;

    if (ok && batch > 0 && s->info != NULL)
        rc = dev->be->copy_sync(dev, info, s->info->ptr,
                                sizeof(int32_t) * (size_t)batch, GPA_D2H,
                                dev->stream);
    if (s->info != NULL)
        gpa_mem_decref(s->info);
    if (s->work != NULL)
        gpa_mem_decref(s->work);
    return rc;
}

#define ELEM(p, i, s, es) ((char *)(p) + (i) * (s) * (int64_t)(es))

static int
cuda_getrf(gpa_device *dev, gpa_ml_type t, int64_t n, void *a, int64_t lda,
           int64_t sa, int32_t *ipiv, int32_t *info, int64_t batch)
{
    scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!fits_int(n, "n") || !fits_int(lda, "lda"))
        return GPA_ERR;
    h = solver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(solver.getrf_bs[t](h, (int)n, (int)n, a, (int)lda,
                                      &lwork));
    if (scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(solver.getrf[t](h, (int)n, (int)n, ELEM(a, i, sa, es),
                                       (int)lda, s.work->ptr, ipiv + i * n,
                                       (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
cuda_getrs(gpa_device *dev, gpa_ml_type t, char trans, int64_t n,
           int64_t nrhs, const void *a, int64_t lda, int64_t sa,
           const int32_t *ipiv, void *b, int64_t ldb, int64_t sb,
           int32_t *info, int64_t batch)
{
    scratch s = {NULL, NULL};
    int ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!fits_int(n, "n") || !fits_int(nrhs, "nrhs") || !fits_int(lda, "lda")
        || !fits_int(ldb, "ldb"))
        return GPA_ERR;
    h = solver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    if (scratch_get(dev, &s, batch, 0) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(solver.getrs[t](h, op_of(trans), (int)n, (int)nrhs,
                                       ELEM(a, i, sa, es), (int)lda,
                                       ipiv + i * n, ELEM(b, i, sb, es),
                                       (int)ldb, (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
fill_of(char uplo)
{
    return uplo == 'U' ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
}

static int
cuda_potrf(gpa_device *dev, gpa_ml_type t, char uplo, int64_t n, void *a,
           int64_t lda, int64_t sa, int32_t *info, int64_t batch)
{
    scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!fits_int(n, "n") || !fits_int(lda, "lda"))
        return GPA_ERR;
    h = solver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(solver.potrf_bs[t](h, fill_of(uplo), (int)n, a, (int)lda,
                                      &lwork));
    if (scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(solver.potrf[t](h, fill_of(uplo), (int)n,
                                       ELEM(a, i, sa, es), (int)lda,
                                       s.work->ptr, lwork,
                                       (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
cuda_syevd(gpa_device *dev, gpa_ml_type t, char jobz, char uplo, int64_t n,
           void *a, int64_t lda, int64_t sa, void *w, int64_t sw,
           int32_t *info, int64_t batch)
{
    scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    int mode = jobz == 'V' ? CUSOLVER_EIG_MODE_VECTOR
                           : CUSOLVER_EIG_MODE_NOVECTOR;
    size_t es = gpa_ml_size(t), rs = gpa_ml_real_size(t);
    void *h;

    if (!fits_int(n, "n") || !fits_int(lda, "lda"))
        return GPA_ERR;
    h = solver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(solver.syevd_bs[t](h, mode, fill_of(uplo), (int)n, a,
                                      (int)lda, w, &lwork));
    if (scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(solver.syevd[t](h, mode, fill_of(uplo), (int)n,
                                       ELEM(a, i, sa, es), (int)lda,
                                       ELEM(w, i, sw, rs), s.work->ptr,
                                       lwork, (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

/* cusolverDn?gesvd wants m >= n; the marshalling always hands it the
 * orientation with more rows (gpuarray/linalg/_lapack.py). */
static int
cuda_gesvd(gpa_device *dev, gpa_ml_type t, char job, int64_t m, int64_t n,
           void *a, int64_t lda, int64_t sa, void *s_, int64_t ss, void *u,
           int64_t ldu, int64_t su, void *vt, int64_t ldvt, int64_t svt,
           int32_t *info, int64_t batch)
{
    scratch s = {NULL, NULL};
    gpa_mem *rwork = NULL;
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t), rs = gpa_ml_real_size(t);
    void *h;

    if (m < n) {
        PyErr_SetString(PyExc_RuntimeError,
                        "internal error: cuSOLVER gesvd needs m >= n");
        return GPA_ERR;
    }
    if (!fits_int(m, "m") || !fits_int(lda, "lda") || !fits_int(ldu, "ldu")
        || !fits_int(ldvt, "ldvt"))
        return GPA_ERR;
    h = solver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(solver.gesvd_bs[t](h, (int)m, (int)n, &lwork));
    if (scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    rwork = gpa_mem_alloc(dev, rs * (size_t)(n > 1 ? n : 1));
    if (rwork == NULL)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(solver.gesvd[t](
            h, (signed char)job, (signed char)job, (int)m, (int)n,
            ELEM(a, i, sa, es), (int)lda, ELEM(s_, i, ss, rs),
            u ? ELEM(u, i, su, es) : NULL, (int)ldu,
            vt ? ELEM(vt, i, svt, es) : NULL, (int)ldvt, s.work->ptr, lwork,
            rwork->ptr, (int *)s.info->ptr + i));
    ok = 1;
fail:
    if (rwork != NULL)
        gpa_mem_decref(rwork);
    return (scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
cuda_geqrf(gpa_device *dev, gpa_ml_type t, int64_t m, int64_t n, void *a,
           int64_t lda, int64_t sa, void *tau, int64_t stau, int32_t *info,
           int64_t batch)
{
    scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!fits_int(m, "m") || !fits_int(n, "n") || !fits_int(lda, "lda"))
        return GPA_ERR;
    h = solver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(solver.geqrf_bs[t](h, (int)m, (int)n, a, (int)lda,
                                      &lwork));
    if (scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(solver.geqrf[t](h, (int)m, (int)n, ELEM(a, i, sa, es),
                                       (int)lda, ELEM(tau, i, stau, es),
                                       s.work->ptr, lwork,
                                       (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
cuda_orgqr(gpa_device *dev, gpa_ml_type t, int64_t m, int64_t n, int64_t k,
           void *a, int64_t lda, int64_t sa, const void *tau, int64_t stau,
           int32_t *info, int64_t batch)
{
    scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!fits_int(m, "m") || !fits_int(n, "n") || !fits_int(lda, "lda"))
        return GPA_ERR;
    h = solver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(solver.orgqr_bs[t](h, (int)m, (int)n, (int)k, a,
                                      (int)lda, tau, &lwork));
    if (scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(solver.orgqr[t](h, (int)m, (int)n, (int)k,
                                       ELEM(a, i, sa, es), (int)lda,
                                       ELEM(tau, i, stau, es), s.work->ptr,
                                       lwork, (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

/* cusolverDnXgeev (CUDA 12.6+): W complex of A's precision, VR as A
 * (for real A, LAPACK's packing of conjugate pairs); right vectors only,
 * as cuSOLVER has no left ones. */
static int
cuda_geev(gpa_device *dev, gpa_ml_type t, char jobvr, int64_t n, void *a,
          int64_t lda, int64_t sa, void *w, int64_t sw, void *vr,
          int64_t ldvr, int64_t svr, int32_t *info, int64_t batch)
{
    static const int dtypes[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F,
                                 CUDA_C_64F};
    static const int wtypes[] = {CUDA_C_32F, CUDA_C_64F, CUDA_C_32F,
                                 CUDA_C_64F};
    scratch s = {NULL, NULL};
    void *params = NULL, *host_buf = NULL, *h;
    size_t dev_bytes = 0, host_bytes = 0;
    size_t es = gpa_ml_size(t), ws = 2 * gpa_ml_real_size(t);
    int mode = jobvr == 'V' ? CUSOLVER_EIG_MODE_VECTOR
                            : CUSOLVER_EIG_MODE_NOVECTOR;
    int ok = 0;

    h = solver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(solver.cusolverDnCreateParams(&params));
    CUSOLVER_CHECK(solver.cusolverDnXgeev_bufferSize(
        h, params, CUSOLVER_EIG_MODE_NOVECTOR, mode, n, dtypes[t], a, lda,
        wtypes[t], w, dtypes[t], NULL, 1, dtypes[t], vr, ldvr, dtypes[t],
        &dev_bytes, &host_bytes));
    if (scratch_get(dev, &s, batch, dev_bytes) < 0)
        goto fail;
    host_buf = PyMem_Malloc(host_bytes > 0 ? host_bytes : 1);
    if (host_buf == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(solver.cusolverDnXgeev(
            h, params, CUSOLVER_EIG_MODE_NOVECTOR, mode, n, dtypes[t],
            ELEM(a, i, sa, es), lda, wtypes[t], (char *)w + i * sw * ws,
            dtypes[t], NULL, 1, dtypes[t], vr ? ELEM(vr, i, svr, es) : NULL,
            ldvr, dtypes[t], s.work->ptr, dev_bytes, host_buf, host_bytes,
            (int *)s.info->ptr + i));
    ok = 1;
fail:
    if (params != NULL)
        solver.cusolverDnDestroyParams(params);
    ok = (scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok);
    /* The host buffer is the library's until the stream is done: the
     * info copy above synchronized it. */
    PyMem_Free(host_buf);
    return ok ? GPA_OK : GPA_ERR;
}

static const gpa_mathlib cuda_table = {
    .name = "cublas+cusolver",
    .gemm = cuda_gemm,
    .getrf = cuda_getrf,
    .getrs = cuda_getrs,
    .potrf = cuda_potrf,
    .syevd = cuda_syevd,
    .gesvd = cuda_gesvd,
    .geqrf = cuda_geqrf,
    .orgqr = cuda_orgqr,
    .geev = cuda_geev,
};

/* The libraries load on first call of each routine (handles); the table
 * itself is static. */
const gpa_mathlib *
gpa_mathlib_cuda(void)
{
    return &cuda_table;
}

/* For the symbol test: {library: [every symbol this file resolves]}, a
 * new dict. */
PyObject *
gpa_mathlib_cuda_symbols(void)
{
    PyObject *d = NULL, *lb = NULL, *ls = NULL, *s;
    char name[64];

    d = PyDict_New();
    lb = PyList_New(0);
    ls = PyList_New(0);
    if (d == NULL || lb == NULL || ls == NULL)
        goto fail;
    for (size_t i = 0; i < sizeof cublas_names / sizeof *cublas_names; i++) {
        s = PyUnicode_FromString(cublas_names[i]);
        if (s == NULL || PyList_Append(lb, s) < 0) {
            Py_XDECREF(s);
            goto fail;
        }
        Py_DECREF(s);
    }
    for (size_t i = 0; i < sizeof cusolver_plain / sizeof *cusolver_plain;
         i++) {
        s = PyUnicode_FromString(cusolver_plain[i]);
        if (s == NULL || PyList_Append(ls, s) < 0) {
            Py_XDECREF(s);
            goto fail;
        }
        Py_DECREF(s);
    }
    for (size_t r = 0; r < N_TYPED; r++)
        for (int k = 0; k < 4; k++) {
            typed_name(name, sizeof name, r, k);
            s = PyUnicode_FromString(name);
            if (s == NULL || PyList_Append(ls, s) < 0) {
                Py_XDECREF(s);
                goto fail;
            }
            Py_DECREF(s);
        }
    if (PyDict_SetItemString(d, "cublas", lb) < 0
        || PyDict_SetItemString(d, "cusolver", ls) < 0)
        goto fail;
    Py_DECREF(lb);
    Py_DECREF(ls);
    return d;
fail:
    Py_XDECREF(d);
    Py_XDECREF(lb);
    Py_XDECREF(ls);
    return NULL;
}

/* For the missing-library test: loads cuBLAS and cuSOLVER (no GPU
 * needed: only dlopen/dlsym).  GPA_OK or GPA_ERR with ImportError. */
int
gpa_mathlib_cuda_load(void)
{
    return load_cusolver();
}
