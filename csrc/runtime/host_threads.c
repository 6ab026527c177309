/* host_threads.c - see host_threads.h.  A fixed pool of pthreads that
 * sleep on a condition variable between jobs; a job hands out parts from
 * a shared counter. */
#include "runtime/host_threads.h"
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_THREADS 32

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t job_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t done_cv = PTHREAD_COND_INITIALIZER;
static int n_workers = -1;      /* started threads; -1: not yet tried */
static unsigned long long generation;
static void (*job_fn)(void *, int, int);
static void *job_ctx;
static int job_parts, next_part, parts_done;

/* Read once: sysconf(_SC_NPROCESSORS_ONLN) opens a sysfs file, which
 * cost more than a whole small launch when it was asked on every one. */
int gpa_host_thread_count(void)
{
    static int count;
    if (count > 0)
        return count;
    long n = gpa_cfg.host_threads > 0 ? gpa_cfg.host_threads
                                      : sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    count = n < MAX_THREADS ? (int)n : MAX_THREADS;
    return count;
}

int gpa_host_parallel_kib = -1;

unsigned gpa_host_split(long long n, long long bytes)
{
    int kib = gpa_host_parallel_kib;
    if (kib < 0) /* auto: measured in Note [Host thread split] */
        kib = gpa_host_thread_count() > 2 ? 2048 : 0;
    long long unit = (long long)kib * 1024;
    if (n <= 1 || unit <= 0 || bytes < 2 * unit)
        return 1;
    long long parts = bytes / unit;
    long long cap = gpa_host_thread_count();
    if (parts > cap)
        parts = cap;
    if (parts > n)
        parts = n;
    return (unsigned)parts;
}

/* Takes and runs parts of the current job until none is left.  Called
 * with `lock` held; returns with it held. */
static void run_parts(void)
{
    while (next_part < job_parts) {
        int part = next_part++;
        void (*fn)(void *, int, int) = job_fn;
        void *ctx = job_ctx;
        int nparts = job_parts;
        pthread_mutex_unlock(&lock);
        fn(ctx, part, nparts);
        pthread_mutex_lock(&lock);
        if (++parts_done == job_parts)
            pthread_cond_broadcast(&done_cv);
    }
}

static void *worker(void *arg)
{
    unsigned long long seen = 0;
    (void)arg;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (generation == seen)
            pthread_cond_wait(&wake, &lock);
        seen = generation;
        run_parts();
    }
    return NULL;
}

/* A forked child has none of the parent's threads: start afresh. */
static void after_fork_in_child(void)
{
    pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t fresh_cv = PTHREAD_COND_INITIALIZER;
    lock = fresh;
    job_lock = fresh;
    wake = fresh_cv;
    done_cv = fresh_cv;
    n_workers = -1;
}

static void start_workers(void)
{
    static int atfork_done;
    int want = gpa_host_thread_count() - 1;
    n_workers = 0;
    if (!atfork_done) {
        pthread_atfork(NULL, NULL, after_fork_in_child);
        atfork_done = 1;
    }
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
        return;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    for (int i = 0; i < want; i++) {
        pthread_t t;
        if (pthread_create(&t, &attr, worker, NULL) != 0)
            break;
        n_workers++;
    }
    pthread_attr_destroy(&attr);
}

void gpa_host_parallel(void (*fn)(void *ctx, int part, int nparts),
                       void *ctx, int nparts)
{
    if (nparts <= 1) {
        if (nparts == 1)
            fn(ctx, 0, 1);
        return;
    }
    pthread_mutex_lock(&job_lock); /* one job at a time */
    pthread_mutex_lock(&lock);
    if (n_workers < 0)
        start_workers();
    if (n_workers == 0) {
        pthread_mutex_unlock(&lock);
        for (int p = 0; p < nparts; p++)
            fn(ctx, p, nparts);
        pthread_mutex_unlock(&job_lock);
        return;
    }
    job_fn = fn;
    job_ctx = ctx;
    job_parts = nparts;
    next_part = 0;
    parts_done = 0;
    generation++;
    pthread_cond_broadcast(&wake);
    run_parts();
    while (parts_done < job_parts)
        pthread_cond_wait(&done_cv, &lock);
    pthread_mutex_unlock(&lock);
    pthread_mutex_unlock(&job_lock);
}
