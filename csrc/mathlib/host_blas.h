/* host_blas.h - what host_gemm.c needs of the OpenBLAS that
 * host_lapack.c loads (Note [OpenBLAS names] there). */
#ifndef GPA_HOST_BLAS_H
#define GPA_HOST_BLAS_H

#include "mathlib/mathlib.h"

/* The ILP64 Fortran interface scipy-openblas64 exports (?gemm_ with the
 * two hidden string lengths at the end). */
typedef int64_t fint; /* Fortran INTEGER of the ILP64 build */

typedef void (*gemm_fn)(const char *, const char *, const fint *,
                        const fint *, const fint *, const void *,
                        const void *, const fint *, const void *,
                        const fint *, const void *, void *, const fint *,
                        size_t, size_t);

typedef struct {
    /* Fortran ?gemm_ for S, D, C, Z (gemm_fn) */
    void *gemm[4];
    /* openblas_get/set_num_threads; both NULL when the library lacks
     * them */
    int (*get_threads)(void);
    void (*set_threads)(int);
} gpa_openblas_gemm;

/* The loaded view, NULL with ImportError.  Borrowed, process-wide. */
const gpa_openblas_gemm *gpa_openblas_gemm_get(void);

int gpa_host_gemm(gpa_device *dev, gpa_ml_type t, char ta, char tb,
                  int64_t m, int64_t n, int64_t k, const double *alpha,
                  const void *a, int64_t lda, int64_t sa, const void *b,
                  int64_t ldb, int64_t sb, const double *beta, void *c,
                  int64_t ldc, int64_t sc, int64_t batch);
int gpa_host_gemm_ptrs(gpa_device *dev, gpa_ml_type t, char ta, char tb,
                       int64_t m, int64_t n, int64_t k, const double *alpha,
                       const void *const *a, int64_t lda,
                       const void *const *b, int64_t ldb,
                       const double *beta, void *const *c, int64_t ldc,
                       int64_t batch);

#endif
