/* cuda_libs.c - loading cuBLAS and cuSOLVER (gpa_mathlib_open, Note
 * [Library search]), resolving the symbol tables of cuda_libs.h, and the
 * per-thread library handles.
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
#include "mathlib/cuda_libs.h"
#include "mathlib/loader.h"
#include "runtime/cuda_backend.h"

#include <dlfcn.h>
#include <limits.h>

static const char *const cublas_names[] = {
    "cublasCreate_v2", "cublasDestroy_v2", "cublasSetStream_v2",
    "cublasGetStatusName", "cublasSetWorkspace_v2",
    "cublasGemmStridedBatchedEx", "cublasGemmBatchedEx",
};
/* Typed cuBLAS routines ("%c": S, D, C, Z), after the plain ones. */
static const char *const cublas_typed[] = {
    "cublas%cgetrfBatched", "cublas%cgetrsBatched",
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
    {"cusolverDn%cpotrfBatched", NULL},
};
static const char letters[4] = {'S', 'D', 'C', 'Z'};

#define N_TYPED (sizeof cusolver_typed / sizeof *cusolver_typed)
#define NB_PLAIN (sizeof cublas_names / sizeof *cublas_names)
#define NB_TYPED (sizeof cublas_typed / sizeof *cublas_typed)

/* Note [Process-wide CUDA tables] (runtime/cuda_loader.c); GIL. */
cublas_api gpa_cublas;
cusolver_api gpa_cusolver;
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
    void *h, **slots = (void **)&gpa_cublas;
    char name[64];

    if (blas_state > 0)
        return GPA_OK;
    h = gpa_mathlib_open("cuBLAS", sonames, "nvidia-cublas (CUDA 13) or "
                         "nvidia-cublas-cu12 (CUDA 12)");
    if (h == NULL)
        return GPA_ERR;
    for (size_t i = 0; i < NB_PLAIN; i++) {
        slots[i] = dlsym(h, cublas_names[i]);
        if (slots[i] == NULL)
            return missing("cuBLAS", cublas_names[i]);
    }
    for (size_t r = 0; r < NB_TYPED; r++)
        for (int k = 0; k < 4; k++) {
            snprintf(name, sizeof name, cublas_typed[r], letters[k]);
            slots[NB_PLAIN + r * 4 + k] = dlsym(h, name);
            if (slots[NB_PLAIN + r * 4 + k] == NULL)
                return missing("cuBLAS", name);
        }
    blas_state = 1;
    return GPA_OK;
}

static int
load_cusolver(void)
{
    static const char *const sonames[] = {"libcusolver.so.12",
                                          "libcusolver.so.11", NULL};
    void *h, **slots = (void **)&gpa_cusolver;
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

const char *
gpa_cusolver_status_name(int s)
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

int
gpa_cuda_fits_int(int64_t v, const char *what)
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
void *
gpa_cublas_handle(gpa_device *dev)
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
        CUBLAS_CHECK(gpa_cublas.cublasCreate(&h));
        /* Kept for the handle's life: never released. */
        ws = gpa_mem_alloc(dev, CUBLAS_WORKSPACE_BYTES);
        if (ws == NULL)
            goto fail;
        CUBLAS_CHECK(gpa_cublas.cublasSetWorkspace(h, ws->ptr,
                                             CUBLAS_WORKSPACE_BYTES));
        tls_blas[dev->ordinal] = h;
        h = NULL;
    }
    CUBLAS_CHECK(
        gpa_cublas.cublasSetStream(tls_blas[dev->ordinal], dev->stream));
    return tls_blas[dev->ordinal];
fail:
    if (h != NULL)
        gpa_cublas.cublasDestroy(h);
    if (ws != NULL)
        gpa_mem_decref(ws);
    return NULL;
}

void *
gpa_cusolver_handle(gpa_device *dev)
{
    void *h = NULL;

    if (load_cusolver() < 0 || gpa_cuda_activate(dev) < 0)
        return NULL;
    if (dev->ordinal < 0 || dev->ordinal >= MAX_DEVICES) {
        PyErr_SetString(PyExc_RuntimeError, "device ordinal out of range");
        return NULL;
    }
    if (tls_solver[dev->ordinal] == NULL) {
        CUSOLVER_CHECK(gpa_cusolver.cusolverDnCreate(&h));
        tls_solver[dev->ordinal] = h;
    }
    CUSOLVER_CHECK(gpa_cusolver.cusolverDnSetStream(tls_solver[dev->ordinal],
                                              dev->stream));
    return tls_solver[dev->ordinal];
fail:
    return NULL;
}

/* The per-call gpa_ml_scratch of the solver routines: a device info array of
 * `batch` ints and a workspace; both from the pool. */

int
gpa_ml_scratch_get(gpa_device *dev, gpa_ml_scratch *s, int64_t batch,
                   size_t work_bytes)
{
    s->info =
        gpa_mem_alloc(dev, sizeof(int) * (size_t)(batch > 0 ? batch : 1));
    if (s->info == NULL)
        return GPA_ERR;
    s->work = gpa_mem_alloc(dev, work_bytes > 0 ? work_bytes : 16);
    return s->work == NULL ? GPA_ERR : GPA_OK;
}

/* Copies info back (synchronizing the stream) and frees the gpa_ml_scratch.
 * `ok` says whether to copy. */
int
gpa_ml_scratch_done(gpa_device *dev, gpa_ml_scratch *s, int32_t *info,
                    int64_t batch,
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

/* Appends str(name) to list; -1 with an exception. */
static int
append_name(PyObject *list, const char *name)
{
    PyObject *s = PyUnicode_FromString(name);
    int rc = (s == NULL) ? -1 : PyList_Append(list, s);

    Py_XDECREF(s);
    return rc;
}

/* For the symbol test: {library: [every symbol this file resolves]}, a
 * new dict. */
PyObject *
gpa_mathlib_cuda_symbols(void)
{
    PyObject *d = NULL, *lb = NULL, *ls = NULL;
    char name[64];

    d = PyDict_New();
    lb = PyList_New(0);
    ls = PyList_New(0);
    if (d == NULL || lb == NULL || ls == NULL)
        goto fail;
    for (size_t i = 0; i < NB_PLAIN; i++)
        if (append_name(lb, cublas_names[i]) < 0)
            goto fail;
    for (size_t r = 0; r < NB_TYPED; r++)
        for (int k = 0; k < 4; k++) {
            snprintf(name, sizeof name, cublas_typed[r], letters[k]);
            if (append_name(lb, name) < 0)
                goto fail;
        }
    for (size_t i = 0; i < sizeof cusolver_plain / sizeof *cusolver_plain;
         i++)
        if (append_name(ls, cusolver_plain[i]) < 0)
            goto fail;
    for (size_t r = 0; r < N_TYPED; r++)
        for (int k = 0; k < 4; k++) {
            typed_name(name, sizeof name, r, k);
            if (append_name(ls, name) < 0)
                goto fail;
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

gpa_mem *
gpa_ml_pointer_array(gpa_device *dev, void *base, int64_t stride,
                     int64_t batch)
{
    void **host = NULL;
    gpa_mem *m = NULL;
    size_t bytes = sizeof(void *) * (size_t)(batch > 0 ? batch : 1);

    host = PyMem_Malloc(bytes);
    if (host == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (int64_t i = 0; i < batch; i++)
        host[i] = (char *)base + i * stride;
    m = gpa_mem_alloc(dev, bytes);
    if (m != NULL && dev->be->copy_sync(dev, m->ptr, host, bytes, GPA_H2D,
                                        dev->stream) < 0) {
        gpa_mem_decref(m);
        m = NULL;
    }
    PyMem_Free(host);
    return m;
}

/* For the missing-library test: loads cuBLAS and cuSOLVER (no GPU
 * needed: only dlopen/dlsym).  GPA_OK or GPA_ERR with ImportError. */
int
gpa_mathlib_cuda_load(void)
{
    return load_cusolver();
}
