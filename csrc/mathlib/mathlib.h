/* mathlib.h - the math-library table: the BLAS/LAPACK operations the
 * library layer calls, one implementation per backend (DESIGN.md
 * decision 9), beside runtime/backend.h in spirit.
 *
 *   host_lapack.c  OpenBLAS of the scipy-openblas64 wheel (BLAS + LAPACK)
 *   host_gemm.c    its GEMM over stacks (Note [Host batch threads])
 *   cuda_blas.c    cuBLAS (GEMM) and cuSOLVER (factorizations)
 *
 * Everything here is column-major, as the libraries are: the turning of
 * row-major, strided, batched arrays into (trans, ld, batch stride) is
 * done once, above this table (Note [Marshalling] in
 * csrc/python/mathlib_py.c, Note [GEMM marshalling] in matmul_py.c), so
 * the host tests run the very calls the GPU gets.  Conventions of every operation:
 *   - pointers are device pointers of the matrix's first element; ld and
 *     batch strides (s*) count elements; `batch` matrices are done;
 *   - ipiv is int32, n per matrix, on the device; info is int32 on the
 *     HOST, one per matrix (the backend copies it back from the device);
 *   - return GPA_OK, or GPA_ERR with a Python exception naming the API
 *     and its error (a nonzero info is not an error here: it is data).
 * GIL held; the host backend runs synchronously, the cuda one on the
 * device's current stream.
 */
#ifndef GPA_MATHLIB_H
#define GPA_MATHLIB_H

#include "common.h"
#include "runtime/device.h"

typedef enum {
    GPA_ML_S = 0, /* float32 */
    GPA_ML_D = 1, /* float64 */
    GPA_ML_C = 2, /* complex64 */
    GPA_ML_Z = 3, /* complex128 */
    GPA_ML_H = 4, /* float16 storage, float32 compute (gemm only) */
} gpa_ml_type;

/* Operations: 'N', 'T', 'C' (conjugate transpose). */
typedef struct gpa_mathlib {
    const char *name;

    /* C[i] = alpha op(A[i]) op(B[i]) + beta C[i], i < batch; alpha and
     * beta point at a double[2] (real, imag) whatever the type. */
    int (*gemm)(gpa_device *dev, gpa_ml_type t, char ta, char tb,
                int64_t m, int64_t n, int64_t k, const double *alpha,
                const void *a, int64_t lda, int64_t sa,
                const void *b, int64_t ldb, int64_t sb,
                const double *beta, void *c, int64_t ldc, int64_t sc,
                int64_t batch);
    /* The same over stacks that no batch stride describes: a[i], b[i],
     * c[i] are HOST arrays of `batch` device pointers (any addresses,
     * repeats allowed for the inputs). */
    int (*gemm_ptrs)(gpa_device *dev, gpa_ml_type t, char ta, char tb,
                     int64_t m, int64_t n, int64_t k, const double *alpha,
                     const void *const *a, int64_t lda,
                     const void *const *b, int64_t ldb, const double *beta,
                     void *const *c, int64_t ldc, int64_t batch);
    /* LU with partial pivoting of n x n matrices, in place. */
    int (*getrf)(gpa_device *dev, gpa_ml_type t, int64_t n, void *a,
                 int64_t lda, int64_t sa, int32_t *ipiv, int32_t *info,
                 int64_t batch);
    /* op(A) X = B from getrf's factors; B overwritten by X. */
    int (*getrs)(gpa_device *dev, gpa_ml_type t, char trans, int64_t n,
                 int64_t nrhs, const void *a, int64_t lda, int64_t sa,
                 const int32_t *ipiv, void *b, int64_t ldb, int64_t sb,
                 int32_t *info, int64_t batch);
    /* Cholesky, uplo 'L' or 'U' (the other triangle is left alone). */
    int (*potrf)(gpa_device *dev, gpa_ml_type t, char uplo, int64_t n,
                 void *a, int64_t lda, int64_t sa, int32_t *info,
                 int64_t batch);
    /* Hermitian eigen-decomposition (divide and conquer): w (real, n per
     * matrix, stride sw) ascending; jobz 'V' leaves the vectors in a. */
    int (*syevd)(gpa_device *dev, gpa_ml_type t, char jobz, char uplo,
                 int64_t n, void *a, int64_t lda, int64_t sa, void *w,
                 int64_t sw, int32_t *info, int64_t batch);
    /* SVD of m x n, m >= n NOT required; job 'A', 'S' or 'N' (both U and
     * VT); s real, min(m, n) per matrix; a is destroyed. */
    int (*gesvd)(gpa_device *dev, gpa_ml_type t, char job, int64_t m,
                 int64_t n, void *a, int64_t lda, int64_t sa, void *s,
                 int64_t ss, void *u, int64_t ldu, int64_t su, void *vt,
                 int64_t ldvt, int64_t svt, int32_t *info, int64_t batch);
    /* QR: geqrf (tau min(m,n) per matrix), then orgqr/ungqr forming the
     * first k columns of Q (m x k) in a. */
    int (*geqrf)(gpa_device *dev, gpa_ml_type t, int64_t m, int64_t n,
                 void *a, int64_t lda, int64_t sa, void *tau, int64_t stau,
                 int32_t *info, int64_t batch);
    int (*orgqr)(gpa_device *dev, gpa_ml_type t, int64_t m, int64_t n,
                 int64_t k, void *a, int64_t lda, int64_t sa,
                 const void *tau, int64_t stau, int32_t *info,
                 int64_t batch);
    /* General eigenproblem, right vectors only (jobvr 'V' or 'N'): w is
     * COMPLEX of t's precision (n per matrix, stride sw complex
     * elements); for real t, vr holds LAPACK's packing of conjugate
     * pairs (columns j, j+1 = re, im of vector j).  a is destroyed. */
    int (*geev)(gpa_device *dev, gpa_ml_type t, char jobvr, int64_t n,
                void *a, int64_t lda, int64_t sa, void *w, int64_t sw,
                void *vr, int64_t ldvr, int64_t svr, int32_t *info,
                int64_t batch);
} gpa_mathlib;

/* The table of dev's backend, its libraries loaded on first use; NULL
 * with ImportError (library missing) or RuntimeError.  Borrowed. */
const gpa_mathlib *gpa_mathlib_get(gpa_device *dev);

const gpa_mathlib *gpa_mathlib_host(void);
const gpa_mathlib *gpa_mathlib_cuda(void);

/* The library type of NumPy type number type_num, -1 when it has none
 * (integers and bool: our own kernels). */
static inline int gpa_ml_type_of(int type_num)
{
    switch (type_num) {
    case NPY_FLOAT32: return GPA_ML_S;
    case NPY_FLOAT64: return GPA_ML_D;
    case NPY_COMPLEX64: return GPA_ML_C;
    case NPY_COMPLEX128: return GPA_ML_Z;
    case NPY_FLOAT16: return GPA_ML_H;
    default: return -1;
    }
}

/* Bytes of one element of t (2 for H). */
static inline size_t gpa_ml_size(gpa_ml_type t)
{
    static const size_t sz[] = {4, 8, 8, 16, 2};
    return sz[t];
}

/* Bytes of the real type of t. */
static inline size_t gpa_ml_real_size(gpa_ml_type t)
{
    static const size_t sz[] = {4, 8, 4, 8, 2};
    return sz[t];
}

#endif
