/* host_threads.h - the host device's worker threads.
 *
 * Host kernels run their grid's blocks in parallel: the blocks are split
 * into contiguous ranges, one per worker (the caller is one of them).
 * Workers never touch Python; the caller releases the GIL while it waits.
 */
#ifndef GPA_HOST_THREADS_H
#define GPA_HOST_THREADS_H

/* Runs fn(ctx, part, nparts) for part = 0 .. nparts-1, in parallel, and
 * returns when all have finished.  Falls back to running them in turn
 * when threads can't be started.  Thread-safe (one job at a time). */
void gpa_host_parallel(void (*fn)(void *ctx, int part, int nparts),
                       void *ctx, int nparts);

/* How many parts run at once: the CPUs available, at most 32, or
 * GPUARRAY_HOST_THREADS (config.h). */
int gpa_host_thread_count(void);

/* Note [Host thread split]: how many blocks (= threads) an elementwise
 * launch of n elements touching `bytes` bytes in all gets on host: 1 below
 * gpa_host_parallel_kib KiB (a hand-off to the workers costs more than it
 * saves there, benchmarks/bench_host.py), else one per worker with at
 * least that many bytes each. */
unsigned gpa_host_split(long long n, long long bytes);
extern int gpa_host_parallel_kib;

#endif
