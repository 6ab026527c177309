/* cuda_libs.h - what the cuda math-library files share (internal to
 * csrc/mathlib/): the few cuBLAS/cuSOLVER enums and prototypes we call
 * (declared here, no CUDA header at build time; values checked against
 * the CUDA 13 headers), the two symbol tables, the per-thread handles,
 * the check macros and the solvers' scratch memory.  cuda_libs.c loads
 * the libraries and owns the handles; cuda_blas.c is the table.
 */
#ifndef GPA_MATHLIB_CUDA_LIBS_H
#define GPA_MATHLIB_CUDA_LIBS_H

#include "common.h"
#include "runtime/device.h"
#include "runtime/memory.h"

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
/* cublasGemmBatchedEx: gemm_ex_fn without the strides, arrays of device
 * pointers instead of bases. */
typedef int (*gemm_batched_ex_fn)(void *, int, int, int, int, int,
                                  const void *, const void *const *, int,
                                  int, const void *const *, int, int,
                                  const void *, void *const *, int, int, int,
                                  int, int);
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

/* Batched LU and Cholesky of many small matrices: arrays of device
 * pointers, one per matrix (cublas?getrfBatched, ?getrsBatched,
 * cusolverDn?potrfBatched); getrs's info is a host int. */
typedef int (*getrf_batched_fn)(void *, int, void *const *, int, int *,
                                int *, int);
typedef int (*getrs_batched_fn)(void *, int, int, int, const void *const *,
                                int, const int *, void *const *, int, int *,
                                int);
typedef int (*potrf_batched_fn)(void *, int, int, void **, int, int *, int);

typedef struct {
    create_fn cublasCreate;
    destroy_fn cublasDestroy;
    set_stream_fn cublasSetStream;
    status_name_fn cublasGetStatusName;
    set_workspace_fn cublasSetWorkspace;
    gemm_ex_fn cublasGemmStridedBatchedEx;
    gemm_batched_ex_fn cublasGemmBatchedEx;
    getrf_batched_fn getrf_batched[4];
    getrs_batched_fn getrs_batched[4];
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
    potrf_batched_fn potrf_batched[4];
} cusolver_api;

extern cublas_api gpa_cublas;
extern cusolver_api gpa_cusolver;

const char *gpa_cusolver_status_name(int status);

/* The check macros: one per library, naming the call, its status and
 * file:line; they jump to the function's `fail` label. */
#define CUBLAS_CHECK(call)                                                    \
    do {                                                                      \
        int st_ = (call);                                                     \
        if (st_ != 0) {                                                       \
            PyErr_Format(st_ == 3 ? PyExc_MemoryError : PyExc_RuntimeError,   \
                         "cuBLAS %s failed: %s (%s:%d)", #call,               \
                         gpa_cublas.cublasGetStatusName(st_), __FILE__,       \
                         __LINE__);                                           \
            goto fail;                                                        \
        }                                                                     \
    } while (0)
#define CUSOLVER_CHECK(call)                                                  \
    do {                                                                      \
        int st_ = (call);                                                     \
        if (st_ != 0) {                                                       \
            PyErr_Format(st_ == 2 ? PyExc_MemoryError : PyExc_RuntimeError,   \
                         "cuSOLVER %s failed: %s (%s:%d)", #call,             \
                         gpa_cusolver_status_name(st_), __FILE__, __LINE__);  \
            goto fail;                                                        \
        }                                                                     \
    } while (0)

/* 1 when v fits the libraries' 32-bit int, else 0 with ValueError naming
 * `what`. */
int gpa_cuda_fits_int(int64_t v, const char *what);

/* dev's cuBLAS / cuSOLVER handle on this thread, its libraries loaded,
 * dev's context current, bound to dev's current stream (Note [Library
 * handles] in cuda_libs.c); NULL with an exception.  Borrowed. */
void *gpa_cublas_handle(gpa_device *dev);
void *gpa_cusolver_handle(gpa_device *dev);

/* The per-call scratch of the solver routines: a device info array of
 * `batch` ints and a workspace, both from the pool. */
typedef struct {
    gpa_mem *info;
    gpa_mem *work;
} gpa_ml_scratch;

/* GPA_OK, or GPA_ERR with MemoryError; release with _done either way. */
int gpa_ml_scratch_get(gpa_device *dev, gpa_ml_scratch *s, int64_t batch,
                       size_t work_bytes);
/* Copies info back when `ok` (synchronizing the stream) and frees the
 * scratch; GPA_ERR when the copy failed. */
int gpa_ml_scratch_done(gpa_device *dev, gpa_ml_scratch *s, int32_t *info,
                        int64_t batch, int ok);

#define ELEM(p, i, s, es) ((char *)(p) + (i) * (s) * (int64_t)(es))

/* Matrices of at most this order go to the batched routines when a
 * stack has more than one (they are built for many small matrices). */
#define GPA_CUDA_BATCHED_MAX_N 64

/* A new pool block holding `batch` device pointers base + i * stride
 * bytes (copied from the host, ordered on dev's stream); NULL with an
 * exception. */
gpa_mem *gpa_ml_pointer_array(gpa_device *dev, void *base, int64_t stride,
                              int64_t batch);

#endif
