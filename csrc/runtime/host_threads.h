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
 * launch of n elements touching `bytes` bytes in all gets on host: one
 * block per worker with at least gpa_host_parallel_kib KiB each, and one
 * block (no hand-off) below twice that.  -1 (the default) is 2048 KiB
 * with more than 2 CPUs and off with 2 or fewer: on the shared 2-core CI
 * machine a second thread made 1e7-element x *= k 1.65x NumPy's time
 * against 1.16x on one (benchmarks/bench_host.py; a busy core stalls the
 * whole launch).  Knob "host_parallel_kib" (_core._tune), 0: never. */
unsigned gpa_host_split(long long n, long long bytes);
extern int gpa_host_parallel_kib;

#endif
