/* transfer.c - host <-> device copies of contiguous byte ranges.
 *
 * Note [Staging pipeline]: a copy between pageable host memory (a NumPy
 * array) and the device cannot be a DMA: the GPU can only reach pinned
 * pages.  The driver's own pageable path stages through small buffers on
 * one thread and gets ~3 GB/s device-to-host into a fresh array, whose
 * first-touch page faults that one thread takes.  We stage ourselves:
 * each CUDA device has a set of GPA_STAGING_NBUF pinned buffers, each
 * with an event, and a copy is cut into chunks that cycle through them.
 *   D2H: DMA chunk i into buffer i % N and record its event; then for each
 *        chunk in turn wait for its event, copy it out to the destination
 *        with all copy threads, and reuse the buffer for chunk i + N; the
 *        DMAs of the next N-1 chunks run meanwhile.
 *   H2D: copy chunk i into buffer i % N with all copy threads (waiting
 *        first for that buffer's previous DMA), then enqueue its DMA and
 *        record its event; at the end wait for the last event.
 * The host side, not PCIe, is the bottleneck, and splitting each chunk's
 * memcpy over several threads (parallel page faults in a fresh array) is
 * what makes the copy fast.  Small copies (< GPA_DIRECT_MAX) and copies
 * from or to memory that is already pinned are one driver copy.  Every
 * copy is ordered on the device's current stream (dev->stream) and
 * returns when it has finished.  On host devices a copy is a memcpy,
 * split over the copy threads above GPA_HOST_PARALLEL_MIN.
 *
 * Note [Copy threads]: one process-wide pool of up to GPA_COPY_THREADS_MAX
 * - 1 worker pthreads (the caller is the last one), started on first use,
 * never stopped (blocked on a condition variable when idle), reset in a
 * forked child.  One job at a time: a job is one memcpy split in slices.
 * The workers never touch Python.
 *
 * Note [GIL and locks]: the waits and memcpys run with the GIL released;
 * so do the driver calls of the pipeline, made on the driver table
 * directly (the vtable asks for the GIL), their errors recorded and
 * raised once the GIL is back.  The staging table's lock and the copy
 * pool's locks are never held while taking the GIL or while waiting on
 * the GPU, so no lock order with the GIL exists.  A staging set is
 * claimed by one copy at a time; a copy that finds it claimed (another
 * Python thread is copying on that device) uses the driver's own copy.
 *
 * Ownership: the staging buffers (dev->be->host_alloc) and their events
 * belong to this file until gpa_staging_release_all; the table and the
 * pool are process-wide statics like CUDA's own state (Note
 * [Process-wide CUDA tables] in cuda_loader.c), keyed by device pointer
 * (devices live forever).
 */
#include "common.h"
#include "runtime/transfer.h"
#include "runtime/cuda_api.h"
#include "runtime/cuda_backend.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <unistd.h>

#define GPA_MIB ((size_t)1 << 20)
/* Tunables; the #ifndef lets a benchmark build try other values. */
#ifndef GPA_STAGING_NBUF
#define GPA_STAGING_NBUF 4
#endif
#ifndef GPA_STAGING_BUF_BYTES
#define GPA_STAGING_BUF_BYTES (32 * GPA_MIB)
#endif
#ifndef GPA_COPY_THREADS_MAX
#define GPA_COPY_THREADS_MAX 16
#endif
#define GPA_DIRECT_MAX (1 * GPA_MIB)          /* below: one driver copy */
#define GPA_CHUNK_MIN ((size_t)256 << 10)
#define GPA_CHUNK_ALIGN ((size_t)64 << 10)
#define GPA_SLICE_MIN (1 * GPA_MIB)           /* a copy thread's least share */
#define GPA_HOST_PARALLEL_MIN (4 * GPA_MIB)
#define GPA_MAX_STAGING_SETS 64

/* ------------------------------------------------------------------ */
/* Note [Copy threads]                                                 */

static struct {
    pthread_mutex_t submit; /* held by the one thread running a job */
    pthread_mutex_t lock;   /* guards the fields below */
    pthread_cond_t wake;    /* workers: gen changed */
    pthread_cond_t done;    /* submitter: remaining reached 0 */
    int started;            /* pool_start ran (under submit) */
    int nthreads;           /* workers + the caller; >= 1 once started */
    unsigned long gen;      /* job number; workers start having seen 0 */
    char *dst;
    const char *src;
    size_t n, slice;
    int nslices;
    int remaining;          /* worker slices not finished */
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
          PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
          0, 0, 0, NULL, NULL, 0, 0, 0, 0};

static void *
copy_worker(void *arg)
{
    int idx = (int)(intptr_t)arg; /* slice 0 is the caller's */
    unsigned long seen = 0;

    pthread_mutex_lock(&pool.lock);
    for (;;) {
        while (pool.gen == seen)
            pthread_cond_wait(&pool.wake, &pool.lock);
        seen = pool.gen;
        /* A job cannot end before its participants finish, so a worker
         * with a slice never misses its job; one without may skip a
         * generation, harmlessly. */
        if (idx < pool.nslices) {
            size_t off = (size_t)idx * pool.slice;
            size_t len = pool.n - off < pool.slice ? pool.n - off
                                                   : pool.slice;
            char *d = pool.dst + off;
            const char *s = pool.src + off;
            pthread_mutex_unlock(&pool.lock);
            memcpy(d, s, len);
            pthread_mutex_lock(&pool.lock);
            if (--pool.remaining == 0)
                pthread_cond_signal(&pool.done);
        }
    }
    return NULL;
}

static void
pool_atfork_child(void)
{
    /* Only the forking thread survives; start afresh on next use. */
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t c = PTHREAD_COND_INITIALIZER;

    pool.submit = m;
    pool.lock = m;
    pool.wake = c;
    pool.done = c;
    pool.started = 0;
    pool.nthreads = 0;
    pool.gen = 0;
    pool.nslices = 0;
    pool.remaining = 0;
}

static int
cpu_count(void)
{
    cpu_set_t set;
    long n;

    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* Called with pool.submit held, before any job.  Never fails: with no
 * worker started the caller copies alone. */
static void
pool_start(void)
{
    static int atfork_registered;
    sigset_t all, old;
    pthread_attr_t attr;
    int want, i, sigs_blocked, attr_ok;

    pool.started = 1;
    pool.nthreads = 1;
    pool.gen = 0;
    if (!atfork_registered && pthread_atfork(NULL, NULL, pool_atfork_child)
                              != 0)
        return; /* a forked child would inherit a dead pool: stay alone */
    atfork_registered = 1;
    want = cpu_count();
    if (want > GPA_COPY_THREADS_MAX)
        want = GPA_COPY_THREADS_MAX;
    attr_ok = pthread_attr_init(&attr) == 0;
    if (!attr_ok)
        return;
    if (pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) != 0)
        goto done;
    /* Workers take no signals: Python's handlers belong to its threads. */
    sigfillset(&all);
    sigs_blocked = pthread_sigmask(SIG_SETMASK, &all, &old) == 0;
    for (i = 1; i < want; i++) {
        pthread_t t;
        if (pthread_create(&t, &attr, copy_worker, (void *)(intptr_t)i) != 0)
            break;
        pool.nthreads = i + 1; /* worker i is up: slices 0..i exist */
    }
    if (sigs_blocked)
        pthread_sigmask(SIG_SETMASK, &old, NULL);
done:
    pthread_attr_destroy(&attr);
}

/* memcpy(dst, src, n) on all copy threads.  GIL released (or not needed):
 * touches no Python. */
static void
parallel_memcpy(void *dst, const void *src, size_t n)
{
    size_t slice, want = n / GPA_SLICE_MIN;
    int nslices;

    if (want < 2) {
        memcpy(dst, src, n);
        return;
    }
    pthread_mutex_lock(&pool.submit);
    if (!pool.started)
        pool_start();
    nslices = want < (size_t)pool.nthreads ? (int)want : pool.nthreads;
    if (nslices < 2) {
        pthread_mutex_unlock(&pool.submit);
        memcpy(dst, src, n);
        return;
    }
    /* Slices of whole 64 KiB, so threads rarely fault the same page. */
    slice = (n + (size_t)nslices - 1) / (size_t)nslices;
    slice = (slice + GPA_CHUNK_ALIGN - 1) & ~(GPA_CHUNK_ALIGN - 1);
    nslices = (int)((n + slice - 1) / slice);

    pthread_mutex_lock(&pool.lock);
    pool.dst = (char *)dst;
    pool.src = (const char *)src;
    pool.n = n;
    pool.slice = slice;
    pool.nslices = nslices;
    pool.remaining = nslices - 1;
    pool.gen++;
    pthread_cond_broadcast(&pool.wake);
    pthread_mutex_unlock(&pool.lock);

    memcpy(dst, src, slice); /* slice 0 */

    pthread_mutex_lock(&pool.lock);
    while (pool.remaining > 0)
        pthread_cond_wait(&pool.done, &pool.lock);
    pool.nslices = 0;
    pthread_mutex_unlock(&pool.lock);
    pthread_mutex_unlock(&pool.submit);
}

/* A copy between two host ranges (the host device).  GIL held. */
static int
host_copy(void *dst, const void *src, size_t n)
{
    uintptr_t d = (uintptr_t)dst, s = (uintptr_t)src;

    if (d < s + n && s < d + n) { /* overlapping: one ordered move */
        memmove(dst, src, n);
        return GPA_OK;
    }
    if (n < GPA_HOST_PARALLEL_MIN) {
        memcpy(dst, src, n);
        return GPA_OK;
    }
    Py_BEGIN_ALLOW_THREADS
    parallel_memcpy(dst, src, n);
    Py_END_ALLOW_THREADS
    return GPA_OK;
}

/* ------------------------------------------------------------------ */
/* Staging sets                                                        */

typedef struct {
    gpa_device *dev;                  /* borrowed: devices live forever */
    void *buf[GPA_STAGING_NBUF];      /* pinned, owned */
    CUevent ev[GPA_STAGING_NBUF];     /* owned, no timing */
    int ready;                        /* buf and ev allocated */
    int busy;                         /* claimed by one copy */
    int release_pending;              /* release asked while busy */
} staging_set;

/* Guards the table and each set's ready/busy/release_pending (Note [GIL
 * and locks]: held only for a few loads and stores). */
static pthread_mutex_t staging_lock = PTHREAD_MUTEX_INITIALIZER;
static staging_set staging_sets[GPA_MAX_STAGING_SETS];
static int staging_nsets;
static size_t staging_bytes;

/* dev's set, claimed; NULL (no exception) when another copy holds it or
 * the table is full: then the caller copies without staging. */
static staging_set *
staging_claim(gpa_device *dev)
{
    staging_set *s = NULL;
    int i;

    pthread_mutex_lock(&staging_lock);
    for (i = 0; i < staging_nsets; i++)
        if (staging_sets[i].dev == dev)
            s = &staging_sets[i];
    if (s == NULL && staging_nsets < GPA_MAX_STAGING_SETS) {
        s = &staging_sets[staging_nsets++];
        s->dev = dev;
    }
    if (s != NULL && s->busy)
        s = NULL;
    if (s != NULL)
        s->busy = 1;
    pthread_mutex_unlock(&staging_lock);
    return s;
}

/* Frees whatever buffers and events a claimed set holds (GIL held).
 * Reports its own failures as unraisable and leaves any pending
 * exception as it was, so it serves error paths too. */
static void
staging_destroy(staging_set *s)
{
    const gpa_cuda_api *cu = gpa_cuda_api_try();
    PyObject *et, *ev, *tb;
    int b;

    PyErr_Fetch(&et, &ev, &tb);
    if (cu == NULL || gpa_cuda_activate(s->dev) < 0) {
        if (PyErr_Occurred())
            PyErr_WriteUnraisable(NULL);
        goto done; /* leak rather than free through a dead driver */
    }
    for (b = 0; b < GPA_STAGING_NBUF; b++) {
        if (s->ev[b] != NULL) {
            CUresult err = cu->cuEventDestroy(s->ev[b]);
            if (err != GPA_CUDA_SUCCESS) {
                gpa_cuda_raise(err, "cuEventDestroy", __FILE__, __LINE__);
                PyErr_WriteUnraisable(NULL);
            }
            s->ev[b] = NULL;
        }
        if (s->buf[b] != NULL) {
            if (s->dev->be->host_free(s->dev, s->buf[b]) < 0)
                PyErr_WriteUnraisable(NULL);
            s->buf[b] = NULL;
        }
    }
done:
    PyErr_Restore(et, ev, tb);
}

/* Frees a claimed, ready set and marks it empty (GIL held). */
static void
staging_free(staging_set *s)
{
    staging_destroy(s);
    pthread_mutex_lock(&staging_lock);
    s->ready = 0;
    staging_bytes -= GPA_STAGING_NBUF * GPA_STAGING_BUF_BYTES;
    pthread_mutex_unlock(&staging_lock);
}

/* Gives a claimed set back, first freeing it if a release was asked for
 * while it was busy (GIL held). */
static void
staging_unclaim(staging_set *s)
{
    int pending;

    pthread_mutex_lock(&staging_lock);
    pending = s->release_pending && s->ready;
    s->release_pending = 0;
    pthread_mutex_unlock(&staging_lock);
    if (pending)
        staging_free(s);
    pthread_mutex_lock(&staging_lock);
    s->busy = 0;
    pthread_mutex_unlock(&staging_lock);
}

/* Allocates a claimed set's buffers and events if it has none (GIL held).
 * GPA_OK; GPA_OOM with no exception (no pinned memory left: the caller
 * copies without staging); GPA_ERR with an exception. */
static int
staging_prepare(const gpa_cuda_api *cu, staging_set *s)
{
    gpa_device *dev = s->dev;
    int b, rc = GPA_ERR;

    if (s->ready)
        return GPA_OK;
    if (gpa_cuda_activate(dev) < 0)
        goto fail;
    for (b = 0; b < GPA_STAGING_NBUF; b++) {
        rc = dev->be->host_alloc(dev, GPA_STAGING_BUF_BYTES, &s->buf[b]);
        if (rc != GPA_OK)
            goto fail;
        rc = GPA_ERR;
        GPA_CU_CHECK_GOTO(cu, cuEventCreate(&s->ev[b],
                                            GPA_CU_EVENT_DISABLE_TIMING),
                          fail);
    }
    pthread_mutex_lock(&staging_lock);
    s->ready = 1;
    staging_bytes += GPA_STAGING_NBUF * GPA_STAGING_BUF_BYTES;
    pthread_mutex_unlock(&staging_lock);
    return GPA_OK;
fail:
    staging_destroy(s); /* keeps the exception, if any, pending */
    return rc;
}

void
gpa_staging_release_all(void)
{
    int i, n;

    pthread_mutex_lock(&staging_lock);
    n = staging_nsets;
    pthread_mutex_unlock(&staging_lock);
    for (i = 0; i < n; i++) {
        staging_set *s = &staging_sets[i];
        int mine = 0;
        pthread_mutex_lock(&staging_lock);
        if (s->busy)
            s->release_pending = 1; /* its copy frees it when done */
        else if (s->ready)
            mine = s->busy = 1;
        pthread_mutex_unlock(&staging_lock);
        if (mine) {
            staging_free(s);
            pthread_mutex_lock(&staging_lock);
            s->busy = 0;
            pthread_mutex_unlock(&staging_lock);
        }
    }
}

size_t
gpa_staging_total_bytes(void)
{
    size_t n;

    pthread_mutex_lock(&staging_lock);
    n = staging_bytes;
    pthread_mutex_unlock(&staging_lock);
    return n;
}

/* ------------------------------------------------------------------ */
/* The pipelines (Note [Staging pipeline]), GIL released               */

/* The first failed driver call of a GIL-free stretch, raised later. */
typedef struct {
    CUresult err;
    const char *what; /* the call, as written */
    int line;
} pipe_status;

#define PIPE_CU(ps, api, call)                                             \
    do {                                                                   \
        CUresult pipe_err_ = (api)->call;                                  \
        if (pipe_err_ != GPA_CUDA_SUCCESS) {                               \
            (ps)->err = pipe_err_;                                         \
            (ps)->what = #call;                                             \
            (ps)->line = __LINE__;                                         \
            goto fail;                                                     \
        }                                                                  \
    } while (0)

static size_t
chunk_size(size_t n)
{
    size_t c = n / GPA_STAGING_NBUF;

    c = (c + GPA_CHUNK_ALIGN - 1) & ~(GPA_CHUNK_ALIGN - 1);
    if (c < GPA_CHUNK_MIN)
        c = GPA_CHUNK_MIN;
    if (c > GPA_STAGING_BUF_BYTES)
        c = GPA_STAGING_BUF_BYTES;
    return c;
}

/* After a failure no DMA may still be writing or reading a staging
 * buffer that the next copy will use.  Its own result is not raised: the
 * first error is, and a failing synchronize means a dead context, where
 * nothing runs any more. */
static void
drain(const gpa_cuda_api *cu, CUstream st)
{
    CUresult ignored = cu->cuStreamSynchronize(st);
    (void)ignored;
}

/* Enqueues the DMA of chunk j into its buffer and records its event. */
static int
d2h_enqueue(const gpa_cuda_api *cu, staging_set *s, CUstream st,
            CUdeviceptr src, size_t n, size_t chunk, size_t j,
            pipe_status *ps)
{
    int b = (int)(j % GPA_STAGING_NBUF);
    size_t off = j * chunk, len = n - off < chunk ? n - off : chunk;

    PIPE_CU(ps, cu, cuMemcpyDtoHAsync(s->buf[b], src + off, len, st));
    PIPE_CU(ps, cu, cuEventRecord(s->ev[b], st));
    return 0;
fail:
    return -1;
}

static void
pipe_d2h(const gpa_cuda_api *cu, staging_set *s, CUstream st, char *dst,
         CUdeviceptr src, size_t n, pipe_status *ps)
{
    size_t chunk = chunk_size(n);
    size_t nchunks = (n + chunk - 1) / chunk;
    size_t next, i;

    for (next = 0; next < nchunks && next < GPA_STAGING_NBUF; next++)
        if (d2h_enqueue(cu, s, st, src, n, chunk, next, ps) < 0)
            goto fail;
    for (i = 0; i < nchunks; i++) {
        int b = (int)(i % GPA_STAGING_NBUF);
        size_t off = i * chunk, len = n - off < chunk ? n - off : chunk;
        PIPE_CU(ps, cu, cuEventSynchronize(s->ev[b]));
        parallel_memcpy(dst + off, s->buf[b], len);
        if (next < nchunks) { /* next == i + NBUF: the buffer just freed */
            if (d2h_enqueue(cu, s, st, src, n, chunk, next, ps) < 0)
                goto fail;
            next++;
        }
    }
    return;
fail:
    drain(cu, st);
}

static void
pipe_h2d(const gpa_cuda_api *cu, staging_set *s, CUstream st,
         CUdeviceptr dst, const char *src, size_t n, pipe_status *ps)
{
    size_t chunk = chunk_size(n);
    size_t nchunks = (n + chunk - 1) / chunk;
    size_t i;

    for (i = 0; i < nchunks; i++) {
        int b = (int)(i % GPA_STAGING_NBUF);
        size_t off = i * chunk, len = n - off < chunk ? n - off : chunk;
        if (i >= GPA_STAGING_NBUF) /* its last DMA must have read it */
            PIPE_CU(ps, cu, cuEventSynchronize(s->ev[b]));
        parallel_memcpy(s->buf[b], src + off, len);
        PIPE_CU(ps, cu, cuMemcpyHtoDAsync(dst + off, s->buf[b], len, st));
        PIPE_CU(ps, cu, cuEventRecord(s->ev[b], st));
    }
    /* One stream: the last event follows every earlier DMA. */
    PIPE_CU(ps, cu, cuEventSynchronize(
        s->ev[(nchunks - 1) % GPA_STAGING_NBUF]));
    return;
fail:
    drain(cu, st);
}

/* One driver copy, then wait for it (small, or already pinned memory). */
static void
direct_copy(const gpa_cuda_api *cu, enum gpa_copy_kind kind, CUstream st,
            void *dst, const void *src, size_t n, pipe_status *ps)
{
    if (kind == GPA_D2H)
        PIPE_CU(ps, cu, cuMemcpyDtoHAsync(dst, (CUdeviceptr)(uintptr_t)src,
                                          n, st));
    else
        PIPE_CU(ps, cu, cuMemcpyHtoDAsync((CUdeviceptr)(uintptr_t)dst, src,
                                          n, st));
    PIPE_CU(ps, cu, cuStreamSynchronize(st));
    return;
fail:
    return;
}

/* True when the driver knows `p` as page-locked host memory, which it can
 * DMA to and from directly.  Pageable memory makes the query fail. */
static int
host_is_pinned(const gpa_cuda_api *cu, const void *p)
{
    unsigned int type = 0;
    CUresult err = cu->cuPointerGetAttribute(
        &type, GPA_CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
        (CUdeviceptr)(uintptr_t)p);

    return err == GPA_CUDA_SUCCESS && type == GPA_CU_MEMORYTYPE_HOST;
}

/* A copy between host memory and CUDA device dev (GIL held). */
static int
cuda_copy(gpa_device *dev, enum gpa_copy_kind kind, void *dst,
          const void *src, size_t n)
{
    const gpa_cuda_api *cu;
    const void *host = kind == GPA_D2H ? (const void *)dst : src;
    staging_set *s = NULL;
    pipe_status ps = {GPA_CUDA_SUCCESS, NULL, 0};
    CUstream st = (CUstream)dev->stream;
    int rc = GPA_ERR, prep;

    cu = gpa_cuda_api_get();
    if (cu == NULL || gpa_cuda_activate(dev) < 0)
        goto fail;
    if (n >= GPA_DIRECT_MAX && !host_is_pinned(cu, host)) {
        s = staging_claim(dev);
        if (s != NULL) {
            prep = staging_prepare(cu, s);
            if (prep == GPA_ERR)
                goto fail;
            if (prep == GPA_OOM) { /* no pinned memory left: go direct */
                staging_unclaim(s);
                s = NULL;
            }
        }
    }

    Py_BEGIN_ALLOW_THREADS
    if (s == NULL)
        direct_copy(cu, kind, st, dst, src, n, &ps);
    else if (kind == GPA_D2H)
        pipe_d2h(cu, s, st, (char *)dst, (CUdeviceptr)(uintptr_t)src, n,
                 &ps);
    else
        pipe_h2d(cu, s, st, (CUdeviceptr)(uintptr_t)dst, (const char *)src,
                 n, &ps);
    Py_END_ALLOW_THREADS

    if (ps.err != GPA_CUDA_SUCCESS) {
        gpa_cuda_raise(ps.err, ps.what, __FILE__, ps.line);
        goto fail;
    }
    rc = GPA_OK;
fail:
    if (s != NULL)
        staging_unclaim(s);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */

int
gpa_copy_h2d(gpa_device *dev, void *dst_dev, const void *src_host,
             size_t nbytes)
{
    if (nbytes == 0)
        return GPA_OK;
    if (dev->kind != GPA_DEVICE_CUDA) /* host device: memory is memory */
        return host_copy(dst_dev, src_host, nbytes);
    return cuda_copy(dev, GPA_H2D, dst_dev, src_host, nbytes);
}

/* Device-to-host copies made (each one waits for the device: a sync);
 * the suite counts them to hold library paths to "one sync at most"
 * (issue 22, _core._d2h_count). */
static unsigned long long d2h_count;

unsigned long long gpa_d2h_count(void)
{
    return __atomic_load_n(&d2h_count, __ATOMIC_RELAXED);
}

int
gpa_copy_d2h(gpa_device *dev, void *dst_host, const void *src_dev,
             size_t nbytes)
{
    if (nbytes == 0)
        return GPA_OK;
    __atomic_fetch_add(&d2h_count, 1ULL, __ATOMIC_RELAXED);
    if (dev->kind != GPA_DEVICE_CUDA)
        return host_copy(dst_host, src_dev, nbytes);
    return cuda_copy(dev, GPA_D2H, dst_host, src_dev, nbytes);
}

/* Destroys an event in its device's context.  Raises only when *rc is
 * GPA_OK (no exception pending yet), and then sets *rc to GPA_ERR. */
static void
event_discard(const gpa_cuda_api *cu, gpa_device *dev, CUevent ev, int *rc)
{
    CUresult err;

    if (ev == NULL)
        return;
    if (gpa_cuda_activate(dev) < 0) {
        if (*rc == GPA_OK)
            *rc = GPA_ERR;
        else
            PyErr_Clear(); /* keep the first exception: restore below */
        return;
    }
    err = cu->cuEventDestroy(ev);
    if (err != GPA_CUDA_SUCCESS && *rc == GPA_OK)
        *rc = gpa_cuda_raise(err, "cuEventDestroy", __FILE__, __LINE__);
}

/* Between two CUDA devices, ordered on both streams: dst's stream waits
 * for the work queued on src's stream (which made the data), and src's
 * stream waits for the copy (before it may reuse the memory).  The events
 * are destroyed at once; the driver frees them when they complete. */
static int
peer_copy(const gpa_cuda_api *cu, gpa_device *dd, void *dst,
          gpa_device *sd, const void *src, size_t n)
{
    CUevent ready = NULL, done = NULL;
    CUstream dst_st = (CUstream)dd->stream, src_st = (CUstream)sd->stream;
    PyObject *et = NULL, *ev = NULL, *tb = NULL;
    int rc = GPA_ERR;

    if (gpa_cuda_activate(sd) < 0)
        goto fail;
    GPA_CU_CHECK_GOTO(cu, cuEventCreate(&ready, GPA_CU_EVENT_DISABLE_TIMING),
                      fail);
    GPA_CU_CHECK_GOTO(cu, cuEventRecord(ready, src_st), fail);
    if (gpa_cuda_activate(dd) < 0)
        goto fail;
    GPA_CU_CHECK_GOTO(cu, cuStreamWaitEvent(dst_st, ready, 0), fail);
    GPA_CU_CHECK_GOTO(cu, cuMemcpyPeerAsync(
        (CUdeviceptr)(uintptr_t)dst, (CUcontext)dd->cu_context,
        (CUdeviceptr)(uintptr_t)src, (CUcontext)sd->cu_context, n, dst_st),
        fail);
    GPA_CU_CHECK_GOTO(cu, cuEventCreate(&done, GPA_CU_EVENT_DISABLE_TIMING),
                      fail);
    GPA_CU_CHECK_GOTO(cu, cuEventRecord(done, dst_st), fail);
    if (gpa_cuda_activate(sd) < 0)
        goto fail;
    GPA_CU_CHECK_GOTO(cu, cuStreamWaitEvent(src_st, done, 0), fail);
    rc = GPA_OK;
fail:
    if (rc != GPA_OK)
        PyErr_Fetch(&et, &ev, &tb);
    event_discard(cu, sd, ready, &rc);
    event_discard(cu, dd, done, &rc);
    if (et != NULL || ev != NULL || tb != NULL)
        PyErr_Restore(et, ev, tb);
    return rc;
}

int
gpa_copy_d2d(gpa_device *dst_dev, void *dst, gpa_device *src_dev,
             const void *src, size_t nbytes)
{
    const gpa_cuda_api *cu;
    int dst_cuda = dst_dev->kind == GPA_DEVICE_CUDA;
    int src_cuda = src_dev->kind == GPA_DEVICE_CUDA;

    if (nbytes == 0)
        return GPA_OK;
    /* The host device's memory is host memory. */
    if (!dst_cuda && !src_cuda)
        return host_copy(dst, src, nbytes);
    if (!src_cuda)
        return gpa_copy_h2d(dst_dev, dst, src, nbytes);
    if (!dst_cuda)
        return gpa_copy_d2h(src_dev, dst, src, nbytes);
    cu = gpa_cuda_api_get();
    if (cu == NULL)
        return GPA_ERR;
    if (dst_dev->cu_context != src_dev->cu_context)
        return peer_copy(cu, dst_dev, dst, src_dev, src, nbytes);
    if (gpa_cuda_activate(dst_dev) < 0)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuMemcpyDtoDAsync((CUdeviceptr)(uintptr_t)dst,
                                       (CUdeviceptr)(uintptr_t)src, nbytes,
                                       (CUstream)dst_dev->stream));
    return GPA_OK;
}
