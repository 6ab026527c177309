/* host_gemm.c - the host table's GEMM over a stack of matrices (strided
 * or by pointer arrays): one OpenBLAS call per matrix, the stack cut
 * between threads when that pays.
 *
 * Note [Host batch threads]: NumPy's matmul calls OpenBLAS once per
 * matrix of a stack and lets OpenBLAS thread each call; for the small
 * matrices stacks usually hold, that is a fork/join of OpenBLAS's pool
 * per matrix, mostly synchronisation.  Here, when the stack holds enough
 * work (SPLIT_FLOPS) and either its matrices are small (m n k <=
 * SPLIT_MNK: OpenBLAS's own split of one such product gains little) or
 * there are many of them (>= 4 per thread), the stack is cut into T
 * contiguous slices, T = OpenBLAS's thread count (OPENBLAS_NUM_THREADS or
 * openblas_set_num_threads: the user's setting is obeyed, and 1 gives the
 * plain loop), one slice per thread (the caller runs the first), every
 * matrix single-threaded: OpenBLAS is set to one thread while any such
 * loop runs (a count under a mutex: the first loop in saves the setting,
 * the last one out restores it; a product another thread runs meanwhile
 * is single-threaded too, which costs it time, never correctness).  Every
 * other stack, and a single product, is one call per matrix on the
 * calling thread, OpenBLAS threading each.  A thread that cannot be
 * started leaves its slice to the caller.
 *
 * The GIL is released around the loop (the loop touches no Python
 * object; the caller keeps the arrays alive).
 */
#include "common.h"
#include "mathlib/host_blas.h"

#include <pthread.h>


#define SPLIT_FLOPS 4.0e6       /* ~50-100 us on one core */
#define SPLIT_MNK (256.0 * 256.0 * 256.0)
#define MAX_SPLIT 64

typedef struct {
    gemm_fn f;
    char ta, tb;
    fint m, n, k, lda, ldb, ldc;
    const void *alpha, *beta;
    /* strided: base pointers and byte strides; else the pointer arrays */
    const char *a, *b;
    char *c;
    int64_t sa, sb, sc;
    const void *const *pa, *const *pb;
    void *const *pc;
    int64_t lo, hi;
} job;

static void
run(const job *j)
{
    for (int64_t i = j->lo; i < j->hi; i++) {
        const void *a = j->pa ? j->pa[i] : j->a + i * j->sa;
        const void *b = j->pb ? j->pb[i] : j->b + i * j->sb;
        void *c = j->pc ? j->pc[i] : j->c + i * j->sc;
        j->f(&j->ta, &j->tb, &j->m, &j->n, &j->k, j->alpha, a, &j->lda, b,
             &j->ldb, j->beta, c, &j->ldc, 1, 1);
    }
}

static void *
thread_main(void *p)
{
    run((const job *)p);
    return NULL;
}

static pthread_mutex_t split_lock = PTHREAD_MUTEX_INITIALIZER;
static int split_active;  /* loops running split */
static int split_saved;   /* OpenBLAS's thread count before the first */

/* Slices for a stack of `batch` m x n x k products (Note [Host batch
 * threads]); 1: the plain loop. */
static int
slices(const gpa_openblas_gemm *ob, int64_t m, int64_t n, int64_t k,
       int64_t batch)
{
    double mnk = (double)m * (double)n * (double)k;
    int t;

    if (ob->get_threads == NULL || batch < 2
        || 2.0 * mnk * (double)batch < SPLIT_FLOPS)
        return 1;
    pthread_mutex_lock(&split_lock);
    t = split_active ? split_saved : ob->get_threads();
    pthread_mutex_unlock(&split_lock);
    if (t > MAX_SPLIT)
        t = MAX_SPLIT;
    if ((int64_t)t > batch)
        t = (int)batch;
    if (t < 2 || (mnk > SPLIT_MNK && batch < 4 * (int64_t)t))
        return 1;
    return t;
}

static void
run_split(const gpa_openblas_gemm *ob, const job *whole, int t)
{
    pthread_t tid[MAX_SPLIT];
    job part[MAX_SPLIT];
    int started[MAX_SPLIT];
    int64_t len = whole->hi - whole->lo;

    pthread_mutex_lock(&split_lock);
    if (split_active++ == 0) {
        split_saved = ob->get_threads();
        ob->set_threads(1);
    }
    pthread_mutex_unlock(&split_lock);
    for (int p = 0; p < t; p++) {
        part[p] = *whole;
        part[p].lo = whole->lo + len * p / t;
        part[p].hi = whole->lo + len * (p + 1) / t;
    }
    for (int p = 1; p < t; p++)
        started[p] = pthread_create(&tid[p], NULL, thread_main,
                                    &part[p]) == 0;
    run(&part[0]);
    for (int p = 1; p < t; p++) {
        if (started[p])
            pthread_join(tid[p], NULL);
        else
            run(&part[p]);
    }
    pthread_mutex_lock(&split_lock);
    if (--split_active == 0)
        ob->set_threads(split_saved);
    pthread_mutex_unlock(&split_lock);
}

/* Fills the scalar part of j; GPA_ERR with an exception. */
static int
head(job *j, const gpa_openblas_gemm **ob, gpa_ml_type t, char ta, char tb,
     int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc,
     const double *alpha, const double *beta, float *fa, float *fb)
{
    if (t == GPA_ML_H) {
        PyErr_SetString(PyExc_TypeError,
                        "internal error: float16 gemm on host");
        return GPA_ERR;
    }
    *ob = gpa_openblas_gemm_get();
    if (*ob == NULL)
        return GPA_ERR;
    memset(j, 0, sizeof *j);
    j->f = (gemm_fn)(*ob)->gemm[t];
    j->ta = ta;
    j->tb = tb;
    j->m = m;
    j->n = n;
    j->k = k;
    j->lda = lda;
    j->ldb = ldb;
    j->ldc = ldc;
    fa[0] = (float)alpha[0];
    fa[1] = (float)alpha[1];
    fb[0] = (float)beta[0];
    fb[1] = (float)beta[1];
    if (t == GPA_ML_S || t == GPA_ML_C) {
        j->alpha = fa;
        j->beta = fb;
    } else {
        j->alpha = alpha;
        j->beta = beta;
    }
    return GPA_OK;
}

static void
go(const gpa_openblas_gemm *ob, job *j, int64_t batch)
{
    int t = slices(ob, j->m, j->n, j->k, batch);

    j->lo = 0;
    j->hi = batch;
    Py_BEGIN_ALLOW_THREADS
    if (t > 1)
        run_split(ob, j, t);
    else
        run(j);
    Py_END_ALLOW_THREADS
}

int
gpa_host_gemm(gpa_device *dev, gpa_ml_type t, char ta, char tb, int64_t m,
              int64_t n, int64_t k, const double *alpha, const void *a,
              int64_t lda, int64_t sa, const void *b, int64_t ldb,
              int64_t sb, const double *beta, void *c, int64_t ldc,
              int64_t sc, int64_t batch)
{
    const gpa_openblas_gemm *ob;
    float fa[2], fb[2];
    int64_t es = (int64_t)gpa_ml_size(t);
    job j;

    GPA_UNUSED(dev);
    if (head(&j, &ob, t, ta, tb, m, n, k, lda, ldb, ldc, alpha, beta, fa,
             fb) < 0)
        return GPA_ERR;
    j.a = a;
    j.b = b;
    j.c = c;
    j.sa = sa * es;
    j.sb = sb * es;
    j.sc = sc * es;
    go(ob, &j, batch);
    return GPA_OK;
}

int
gpa_host_gemm_ptrs(gpa_device *dev, gpa_ml_type t, char ta, char tb,
                   int64_t m, int64_t n, int64_t k, const double *alpha,
                   const void *const *a, int64_t lda, const void *const *b,
                   int64_t ldb, const double *beta, void *const *c,
                   int64_t ldc, int64_t batch)
{
    const gpa_openblas_gemm *ob;
    float fa[2], fb[2];
    job j;

    GPA_UNUSED(dev);
    if (head(&j, &ob, t, ta, tb, m, n, k, lda, ldb, ldc, alpha, beta, fa,
             fb) < 0)
        return GPA_ERR;
    j.pa = a;
    j.pb = b;
    j.pc = c;
    go(ob, &j, batch);
    return GPA_OK;
}
