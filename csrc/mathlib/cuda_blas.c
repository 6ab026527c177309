/* cuda_blas.c - the cuda backend's math-library table (mathlib.h):
 * cuBLAS's strided-batched GEMM and the cuSOLVER dense routines, over
 * the handles and tables of cuda_libs.c.  Stacks of factorizations are a
 * loop of calls on the handle's stream, or one batched call for many small
 * matrices (Note [Batched small matrices]); info comes back in one copy.
 */
#include "common.h"
#include "config.h"
#include "mathlib/cuda_libs.h"
#include "mathlib/mathlib.h"

#include <limits.h>

static int
op_of(char t)
{
    return t == 'N' ? CUBLAS_OP_N : t == 'T' ? CUBLAS_OP_T : CUBLAS_OP_C;
}

static const int gemm_dtypes[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F,
                                  CUDA_C_64F, CUDA_R_16F};

static int
gemm_compute(gpa_ml_type t)
{
    if (t == GPA_ML_D || t == GPA_ML_Z)
        return CUBLAS_COMPUTE_64F;
    return (gpa_cfg.tf32 && t != GPA_ML_H) ? CUBLAS_COMPUTE_32F_FAST_TF32
                                           : CUBLAS_COMPUTE_32F;
}

/* cuBLAS takes int dimensions: 1 when all fit, else 0 with ValueError
 * naming the one that does not. */
static int
gemm_dims_fit(int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb,
              int64_t ldc, int64_t batch)
{
    return gpa_cuda_fits_int(m, "m") && gpa_cuda_fits_int(n, "n")
        && gpa_cuda_fits_int(k, "k") && gpa_cuda_fits_int(lda, "lda")
        && gpa_cuda_fits_int(ldb, "ldb") && gpa_cuda_fits_int(ldc, "ldc")
        && gpa_cuda_fits_int(batch, "batch");
}

/* Stacks no batch stride describes (mathlib.h gemm_ptrs): the three host
 * pointer arrays go to the device in one block and one copy, then one
 * cublasGemmBatchedEx.  The copy waits for the stream: CUDA documents no
 * point after which an asynchronous copy from pageable memory no longer
 * reads it ("might be synchronous"), so the host array could not be
 * freed otherwise.  This path is for the batches strides can't express
 * only.  The block is released once the call is queued: the pool is
 * stream-ordered. */
static int
cuda_gemm_ptrs(gpa_device *dev, gpa_ml_type t, char ta, char tb, int64_t m,
               int64_t n, int64_t k, const double *alpha,
               const void *const *a, int64_t lda, const void *const *b,
               int64_t ldb, const double *beta, void *const *c, int64_t ldc,
               int64_t batch)
{
    float fa[2] = {(float)alpha[0], (float)alpha[1]};
    float fb[2] = {(float)beta[0], (float)beta[1]};
    int dbl = (t == GPA_ML_D || t == GPA_ML_Z);
    size_t each = sizeof(void *) * (size_t)batch;
    const void **host = NULL;
    gpa_mem *mem = NULL;
    void **dptr;
    int rc = GPA_ERR;
    void *h;

    if (!gemm_dims_fit(m, n, k, lda, ldb, ldc, batch))
        return GPA_ERR;
    h = gpa_cublas_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    host = PyMem_Malloc(3 * each);
    if (host == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    memcpy(host, a, each);
    memcpy(host + batch, b, each);
    memcpy(host + 2 * batch, c, each);
    mem = gpa_mem_alloc(dev, 3 * each);
    if (mem == NULL || dev->be->copy_sync(dev, mem->ptr, host, 3 * each,
                                          GPA_H2D, dev->stream) < 0)
        goto fail;
    dptr = (void **)mem->ptr;
    CUBLAS_CHECK(gpa_cublas.cublasGemmBatchedEx(
        h, op_of(ta), op_of(tb), (int)m, (int)n, (int)k,
        dbl ? (const void *)alpha : fa, (const void *const *)dptr,
        gemm_dtypes[t], (int)lda, (const void *const *)(dptr + batch),
        gemm_dtypes[t], (int)ldb, dbl ? (const void *)beta : fb,
        dptr + 2 * batch, gemm_dtypes[t], (int)ldc, (int)batch,
        gemm_compute(t), CUBLAS_GEMM_DEFAULT));
    rc = GPA_OK;
fail:
    if (mem != NULL)
        gpa_mem_decref(mem);
    PyMem_Free(host);
    return rc;
}

static int
cuda_gemm(gpa_device *dev, gpa_ml_type t, char ta, char tb, int64_t m,
          int64_t n, int64_t k, const double *alpha, const void *a,
          int64_t lda, int64_t sa, const void *b, int64_t ldb, int64_t sb,
          const double *beta, void *c, int64_t ldc, int64_t sc,
          int64_t batch)
{
    float fa[2] = {(float)alpha[0], (float)alpha[1]};
    float fb[2] = {(float)beta[0], (float)beta[1]};
    int dbl = (t == GPA_ML_D || t == GPA_ML_Z);
    void *h;

    if (!gemm_dims_fit(m, n, k, lda, ldb, ldc, batch))
        return GPA_ERR;
    h = gpa_cublas_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUBLAS_CHECK(gpa_cublas.cublasGemmStridedBatchedEx(
        h, op_of(ta), op_of(tb), (int)m, (int)n, (int)k,
        dbl ? (const void *)alpha : fa, a, gemm_dtypes[t], (int)lda, sa, b,
        gemm_dtypes[t], (int)ldb, sb, dbl ? (const void *)beta : fb, c,
        gemm_dtypes[t], (int)ldc, sc, (int)batch, gemm_compute(t),
        CUBLAS_GEMM_DEFAULT));
    return GPA_OK;
fail:
    return GPA_ERR;
}


static int
fill_of(char uplo)
{
    return uplo == 'U' ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
}

/* Note [Batched small matrices]: a stack of more than one matrix of
 * order <= GPA_CUDA_BATCHED_MAX_N goes to cuBLAS's getrfBatched /
 * getrsBatched and cuSOLVER's potrfBatched, one launch for the stack
 * instead of one call per matrix; they take arrays of device pointers,
 * built from the batch stride.  The pointer array is released when the
 * call is queued: the info copy that ends every call synchronizes the
 * stream before the pool can hand the block out again. */
static int
use_batched(int64_t n, int64_t batch)
{
    return batch > 1 && n <= GPA_CUDA_BATCHED_MAX_N && batch <= INT_MAX;
}

static int
getrf_batched(gpa_device *dev, gpa_ml_type t, int64_t n, void *a,
              int64_t lda, int64_t sa, int32_t *ipiv, int32_t *info,
              int64_t batch)
{
    gpa_ml_scratch s = {NULL, NULL};
    gpa_mem *ptrs = NULL;
    int ok = 0;
    void *h = gpa_cublas_handle(dev);

    if (h == NULL)
        return GPA_ERR;
    if (gpa_ml_scratch_get(dev, &s, batch, 0) < 0)
        goto fail;
    ptrs = gpa_ml_pointer_array(dev, a, sa * (int64_t)gpa_ml_size(t), batch);
    if (ptrs == NULL)
        goto fail;
    CUBLAS_CHECK(gpa_cublas.getrf_batched[t](
        h, (int)n, (void *const *)ptrs->ptr, (int)lda, ipiv,
        (int *)s.info->ptr, (int)batch));
    ok = 1;
fail:
    if (ptrs != NULL)
        gpa_mem_decref(ptrs);
    return (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
getrs_batched(gpa_device *dev, gpa_ml_type t, char trans, int64_t n,
              int64_t nrhs, const void *a, int64_t lda, int64_t sa,
              const int32_t *ipiv, void *b, int64_t ldb, int64_t sb,
              int32_t *info, int64_t batch)
{
    gpa_mem *pa = NULL, *pb = NULL;
    int64_t es = (int64_t)gpa_ml_size(t);
    int host_info = 0, ok = 0;
    void *h = gpa_cublas_handle(dev);

    if (h == NULL)
        return GPA_ERR;
    pa = gpa_ml_pointer_array(dev, (void *)a, sa * es, batch);
    pb = pa ? gpa_ml_pointer_array(dev, b, sb * es, batch) : NULL;
    if (pb == NULL)
        goto fail;
    CUBLAS_CHECK(gpa_cublas.getrs_batched[t](
        h, op_of(trans), (int)n, (int)nrhs, (const void *const *)pa->ptr,
        (int)lda, ipiv, (void *const *)pb->ptr, (int)ldb, &host_info,
        (int)batch));
    /* host_info < 0 names a bad argument; the factors were checked by
     * getrf.  Wait for the stream before the pointer arrays go back. */
    if (dev->be->stream_synchronize(dev, dev->stream) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        info[i] = host_info;
    ok = 1;
fail:
    if (pa != NULL)
        gpa_mem_decref(pa);
    if (pb != NULL)
        gpa_mem_decref(pb);
    return ok ? GPA_OK : GPA_ERR;
}

static int
potrf_batched(gpa_device *dev, gpa_ml_type t, char uplo, int64_t n,
              void *a, int64_t lda, int64_t sa, int32_t *info, int64_t batch)
{
    gpa_ml_scratch s = {NULL, NULL};
    gpa_mem *ptrs = NULL;
    int ok = 0;
    void *h = gpa_cusolver_handle(dev);

    if (h == NULL)
        return GPA_ERR;
    if (gpa_ml_scratch_get(dev, &s, batch, 0) < 0)
        goto fail;
    ptrs = gpa_ml_pointer_array(dev, a, sa * (int64_t)gpa_ml_size(t), batch);
    if (ptrs == NULL)
        goto fail;
    CUSOLVER_CHECK(gpa_cusolver.potrf_batched[t](
        h, fill_of(uplo), (int)n, (void **)ptrs->ptr, (int)lda,
        (int *)s.info->ptr, (int)batch));
    ok = 1;
fail:
    if (ptrs != NULL)
        gpa_mem_decref(ptrs);
    return (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
cuda_getrf(gpa_device *dev, gpa_ml_type t, int64_t n, void *a, int64_t lda,
           int64_t sa, int32_t *ipiv, int32_t *info, int64_t batch)
{
    gpa_ml_scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!gpa_cuda_fits_int(n, "n") || !gpa_cuda_fits_int(lda, "lda"))
        return GPA_ERR;
    if (use_batched(n, batch))
        return getrf_batched(dev, t, n, a, lda, sa, ipiv, info, batch);
    h = gpa_cusolver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(gpa_cusolver.getrf_bs[t](h, (int)n, (int)n, a, (int)lda,
                                      &lwork));
    if (gpa_ml_scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(gpa_cusolver.getrf[t](
            h, (int)n, (int)n, ELEM(a, i, sa, es), (int)lda, s.work->ptr,
            ipiv + i * n, (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
cuda_getrs(gpa_device *dev, gpa_ml_type t, char trans, int64_t n,
           int64_t nrhs, const void *a, int64_t lda, int64_t sa,
           const int32_t *ipiv, void *b, int64_t ldb, int64_t sb,
           int32_t *info, int64_t batch)
{
    gpa_ml_scratch s = {NULL, NULL};
    int ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!gpa_cuda_fits_int(n, "n") || !gpa_cuda_fits_int(nrhs, "nrhs")
        || !gpa_cuda_fits_int(lda, "lda") || !gpa_cuda_fits_int(ldb, "ldb"))
        return GPA_ERR;
    if (use_batched(n, batch))
        return getrs_batched(dev, t, trans, n, nrhs, a, lda, sa, ipiv, b,
                             ldb, sb, info, batch);
    h = gpa_cusolver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    if (gpa_ml_scratch_get(dev, &s, batch, 0) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(gpa_cusolver.getrs[t](
            h, op_of(trans), (int)n, (int)nrhs, ELEM(a, i, sa, es), (int)lda,
            ipiv + i * n, ELEM(b, i, sb, es), (int)ldb,
            (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}


static int
cuda_potrf(gpa_device *dev, gpa_ml_type t, char uplo, int64_t n, void *a,
           int64_t lda, int64_t sa, int32_t *info, int64_t batch)
{
    gpa_ml_scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!gpa_cuda_fits_int(n, "n") || !gpa_cuda_fits_int(lda, "lda"))
        return GPA_ERR;
    if (use_batched(n, batch))
        return potrf_batched(dev, t, uplo, n, a, lda, sa, info, batch);
    h = gpa_cusolver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(gpa_cusolver.potrf_bs[t](h, fill_of(uplo), (int)n, a,
                                            (int)lda, &lwork));
    if (gpa_ml_scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(gpa_cusolver.potrf[t](h, fill_of(uplo), (int)n,
                                       ELEM(a, i, sa, es), (int)lda,
                                       s.work->ptr, lwork,
                                       (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
cuda_syevd(gpa_device *dev, gpa_ml_type t, char jobz, char uplo, int64_t n,
           void *a, int64_t lda, int64_t sa, void *w, int64_t sw,
           int32_t *info, int64_t batch)
{
    gpa_ml_scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    int mode = jobz == 'V' ? CUSOLVER_EIG_MODE_VECTOR
                           : CUSOLVER_EIG_MODE_NOVECTOR;
    size_t es = gpa_ml_size(t), rs = gpa_ml_real_size(t);
    void *h;

    if (!gpa_cuda_fits_int(n, "n") || !gpa_cuda_fits_int(lda, "lda"))
        return GPA_ERR;
    h = gpa_cusolver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(gpa_cusolver.syevd_bs[t](h, mode, fill_of(uplo), (int)n, a,
                                      (int)lda, w, &lwork));
    if (gpa_ml_scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(gpa_cusolver.syevd[t](h, mode, fill_of(uplo), (int)n,
                                       ELEM(a, i, sa, es), (int)lda,
                                       ELEM(w, i, sw, rs), s.work->ptr,
                                       lwork, (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
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
    gpa_ml_scratch s = {NULL, NULL};
    gpa_mem *rwork = NULL;
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t), rs = gpa_ml_real_size(t);
    void *h;

    if (m < n) {
        PyErr_SetString(PyExc_RuntimeError,
                        "internal error: cuSOLVER gesvd needs m >= n");
        return GPA_ERR;
    }
    if (!gpa_cuda_fits_int(m, "m") || !gpa_cuda_fits_int(lda, "lda")
        || !gpa_cuda_fits_int(ldu, "ldu") || !gpa_cuda_fits_int(ldvt, "ldvt"))
        return GPA_ERR;
    h = gpa_cusolver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(gpa_cusolver.gesvd_bs[t](h, (int)m, (int)n, &lwork));
    if (gpa_ml_scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    rwork = gpa_mem_alloc(dev, rs * (size_t)(n > 1 ? n : 1));
    if (rwork == NULL)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(gpa_cusolver.gesvd[t](
            h, (signed char)job, (signed char)job, (int)m, (int)n,
            ELEM(a, i, sa, es), (int)lda, ELEM(s_, i, ss, rs),
            u ? ELEM(u, i, su, es) : NULL, (int)ldu,
            vt ? ELEM(vt, i, svt, es) : NULL, (int)ldvt, s.work->ptr, lwork,
            rwork->ptr, (int *)s.info->ptr + i));
    ok = 1;
fail:
    if (rwork != NULL)
        gpa_mem_decref(rwork);
    return (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
cuda_geqrf(gpa_device *dev, gpa_ml_type t, int64_t m, int64_t n, void *a,
           int64_t lda, int64_t sa, void *tau, int64_t stau, int32_t *info,
           int64_t batch)
{
    gpa_ml_scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!gpa_cuda_fits_int(m, "m") || !gpa_cuda_fits_int(n, "n")
        || !gpa_cuda_fits_int(lda, "lda"))
        return GPA_ERR;
    h = gpa_cusolver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(gpa_cusolver.geqrf_bs[t](h, (int)m, (int)n, a, (int)lda,
                                      &lwork));
    if (gpa_ml_scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(
            gpa_cusolver.geqrf[t](h, (int)m, (int)n, ELEM(a, i, sa, es),
                                  (int)lda, ELEM(tau, i, stau, es),
                                  s.work->ptr, lwork, (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
           ? GPA_OK : GPA_ERR;
}

static int
cuda_orgqr(gpa_device *dev, gpa_ml_type t, int64_t m, int64_t n, int64_t k,
           void *a, int64_t lda, int64_t sa, const void *tau, int64_t stau,
           int32_t *info, int64_t batch)
{
    gpa_ml_scratch s = {NULL, NULL};
    int lwork = 0, ok = 0;
    size_t es = gpa_ml_size(t);
    void *h;

    if (!gpa_cuda_fits_int(m, "m") || !gpa_cuda_fits_int(n, "n")
        || !gpa_cuda_fits_int(lda, "lda"))
        return GPA_ERR;
    h = gpa_cusolver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(gpa_cusolver.orgqr_bs[t](h, (int)m, (int)n, (int)k, a,
                                      (int)lda, tau, &lwork));
    if (gpa_ml_scratch_get(dev, &s, batch, (size_t)lwork * es) < 0)
        goto fail;
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(gpa_cusolver.orgqr[t](h, (int)m, (int)n, (int)k,
                                       ELEM(a, i, sa, es), (int)lda,
                                       ELEM(tau, i, stau, es), s.work->ptr,
                                       lwork, (int *)s.info->ptr + i));
    ok = 1;
fail:
    return (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok)
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
    gpa_ml_scratch s = {NULL, NULL};
    void *params = NULL, *host_buf = NULL, *h;
    size_t dev_bytes = 0, host_bytes = 0;
    size_t es = gpa_ml_size(t), ws = 2 * gpa_ml_real_size(t);
    int mode = jobvr == 'V' ? CUSOLVER_EIG_MODE_VECTOR
                            : CUSOLVER_EIG_MODE_NOVECTOR;
    int ok = 0;

    h = gpa_cusolver_handle(dev);
    if (h == NULL)
        return GPA_ERR;
    CUSOLVER_CHECK(gpa_cusolver.cusolverDnCreateParams(&params));
    CUSOLVER_CHECK(gpa_cusolver.cusolverDnXgeev_bufferSize(
        h, params, CUSOLVER_EIG_MODE_NOVECTOR, mode, n, dtypes[t], a, lda,
        wtypes[t], w, dtypes[t], NULL, 1, dtypes[t], vr, ldvr, dtypes[t],
        &dev_bytes, &host_bytes));
    if (gpa_ml_scratch_get(dev, &s, batch, dev_bytes) < 0)
        goto fail;
    host_buf = PyMem_Malloc(host_bytes > 0 ? host_bytes : 1);
    if (host_buf == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int64_t i = 0; i < batch; i++)
        CUSOLVER_CHECK(gpa_cusolver.cusolverDnXgeev(
            h, params, CUSOLVER_EIG_MODE_NOVECTOR, mode, n, dtypes[t],
            ELEM(a, i, sa, es), lda, wtypes[t], (char *)w + i * sw * ws,
            dtypes[t], NULL, 1, dtypes[t], vr ? ELEM(vr, i, svr, es) : NULL,
            ldvr, dtypes[t], s.work->ptr, dev_bytes, host_buf, host_bytes,
            (int *)s.info->ptr + i));
    ok = 1;
fail:
    if (params != NULL)
        gpa_cusolver.cusolverDnDestroyParams(params);
    ok = (gpa_ml_scratch_done(dev, &s, info, batch, ok) == GPA_OK && ok);
    /* The host buffer is the library's until the stream is done: the
     * info copy above synchronized it. */
    PyMem_Free(host_buf);
    return ok ? GPA_OK : GPA_ERR;
}

static const gpa_mathlib cuda_table = {
    .name = "cublas+cusolver",
    .gemm = cuda_gemm,
    .gemm_ptrs = cuda_gemm_ptrs,
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

