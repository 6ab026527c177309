/* host_backend.c - the `host` device: plain memory, kernels as shared objects.
 *
 * The host device runs the same generated kernel text as CUDA, compiled by
 * the system C++ compiler (jit/compile_host.c).  Every generated kernel
 * `name` comes with an extern "C" launcher `name__host(void **args,
 * unsigned gx, unsigned gy, unsigned gz)` that runs all blocks of the grid
 * as blocks of one thread (prelude_base.cuh); launch calls it.  Everything
 * is synchronous, so streams and events are trivial: an event is "done" as
 * soon as it is recorded.
 */
#include "runtime/backend.h"
#include "runtime/device.h"
#include "runtime/host_threads.h"

#include <dlfcn.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <time.h>

typedef void (*gpa_host_launcher)(void **args, unsigned gx, unsigned gy,
                                  unsigned gz, unsigned long long first,
                                  unsigned long long last);

/* One launch split over the worker threads: part p runs a contiguous
 * range of blocks. */
typedef struct {
    gpa_host_launcher run;
    void **args;
    gpa_dim3 grid;
    unsigned long long blocks;
} host_job;

static void run_part(void *ctx, int part, int nparts)
{
    host_job *j = ctx;
    unsigned long long first = j->blocks * part / nparts;
    unsigned long long last = j->blocks * (part + 1) / nparts;
    j->run(j->args, j->grid.x, j->grid.y, j->grid.z, first, last);
}

/* Device memory on host is 256-byte aligned like cudaMalloc's, so the
 * vectorised kernel paths take the same decisions on both devices.
 * Note [Host huge pages]: blocks of 4 MiB and more are 2 MiB aligned and
 * marked MADV_HUGEPAGE, as NumPy does for its data: with transparent huge
 * pages in "madvise" mode (the common default) a 1e7-element x *= 5 ran
 * 1.2-1.6x NumPy's time on 4 KiB pages, all of it TLB misses. */
#define HUGE_FROM (4u << 20)
#define HUGE_ALIGN (2u << 20)

static int host_mem_alloc(gpa_device *dev, size_t nbytes, void **ptr)
{
    GPA_UNUSED(dev);
    void *p = NULL;
    if (nbytes == 0)
        nbytes = 1;
    size_t align = nbytes >= HUGE_FROM ? HUGE_ALIGN : 256;
    if (posix_memalign(&p, align, nbytes) != 0)
        return GPA_OOM;
#ifdef MADV_HUGEPAGE
    if (align == HUGE_ALIGN) /* advice only: failure changes nothing */
        (void)madvise(p, nbytes & ~(size_t)(HUGE_ALIGN - 1), MADV_HUGEPAGE);
#endif
    *ptr = p;
    return GPA_OK;
}

static int host_mem_free(gpa_device *dev, void *ptr)
{
    GPA_UNUSED(dev);
    free(ptr);
    return GPA_OK;
}

static int host_register(gpa_device *dev, void *ptr, size_t nbytes)
{
    GPA_UNUSED(dev); GPA_UNUSED(ptr); GPA_UNUSED(nbytes);
    return GPA_OK;
}

static int host_unregister(gpa_device *dev, void *ptr)
{
    GPA_UNUSED(dev); GPA_UNUSED(ptr);
    return GPA_OK;
}

static int host_copy(gpa_device *dev, void *dst, const void *src, size_t n,
                     enum gpa_copy_kind kind, gpa_stream stream)
{
    GPA_UNUSED(dev); GPA_UNUSED(kind); GPA_UNUSED(stream);
    if (n)
        memmove(dst, src, n);
    return GPA_OK;
}

static int host_memset_d8(gpa_device *dev, void *dst, unsigned char value,
                          size_t n, gpa_stream stream)
{
    GPA_UNUSED(dev); GPA_UNUSED(stream);
    memset(dst, value, n);
    return GPA_OK;
}

/* Host work is synchronous and in order: a non-blocking or prioritised
 * stream is the default one (there is nothing to overlap or reorder). */
static int host_stream_create(gpa_device *dev, unsigned flags, int priority,
                              gpa_stream *out)
{
    GPA_UNUSED(dev); GPA_UNUSED(flags); GPA_UNUSED(priority);
    *out = NULL;
    return GPA_OK;
}

static int host_nothing_stream(gpa_device *dev, gpa_stream stream)
{
    GPA_UNUSED(dev); GPA_UNUSED(stream);
    return GPA_OK;
}

/* A host event remembers when it was recorded, for elapsed times, and its
 * flags: a DISABLE_TIMING event has no time to give (CUDA's error). */
typedef struct { double t; unsigned flags; } host_event;

static double host_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static int host_event_create(gpa_device *dev, unsigned flags, gpa_event *out)
{
    GPA_UNUSED(dev);
    host_event *ev = calloc(1, sizeof(host_event));
    if (ev == NULL) {
        PyErr_NoMemory();
        return GPA_ERR;
    }
    ev->flags = flags;
    *out = ev;
    return GPA_OK;
}

static int host_event_destroy(gpa_device *dev, gpa_event ev)
{
    GPA_UNUSED(dev);
    free(ev);
    return GPA_OK;
}

static int host_event_record(gpa_device *dev, gpa_event ev, gpa_stream s)
{
    GPA_UNUSED(dev); GPA_UNUSED(s);
    ((host_event *)ev)->t = host_now_ms();
    return GPA_OK;
}

static int host_event_synchronize(gpa_device *dev, gpa_event ev)
{
    GPA_UNUSED(dev); GPA_UNUSED(ev);
    return GPA_OK;
}

static int host_event_query(gpa_device *dev, gpa_event ev)
{
    GPA_UNUSED(dev); GPA_UNUSED(ev);
    return 1;
}

/* Host work is synchronous: a stream has nothing pending. */
static int host_stream_query(gpa_device *dev, gpa_stream s)
{
    GPA_UNUSED(dev); GPA_UNUSED(s);
    return 1;
}

static int host_event_elapsed(gpa_device *dev, gpa_event a, gpa_event b,
                              float *ms)
{
    GPA_UNUSED(dev);
    if ((((host_event *)a)->flags | ((host_event *)b)->flags) &
        GPA_EVENT_DISABLE_TIMING) {
        PyErr_SetString(PyExc_RuntimeError,
                        "get_elapsed_time: an event was created with "
                        "disable_timing=True (CUDA_ERROR_INVALID_HANDLE)");
        return GPA_ERR;
    }
    *ms = (float)(((host_event *)b)->t - ((host_event *)a)->t);
    return GPA_OK;
}

static int host_stream_wait_event(gpa_device *dev, gpa_stream s, gpa_event e)
{
    GPA_UNUSED(dev); GPA_UNUSED(s); GPA_UNUSED(e);
    return GPA_OK;
}

static int host_synchronize(gpa_device *dev)
{
    GPA_UNUSED(dev);
    return GPA_OK;
}

static int host_module_load(gpa_device *dev, const void *image, size_t n,
                            const char *path, void **module)
{
    GPA_UNUSED(dev); GPA_UNUSED(image); GPA_UNUSED(n);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        PyErr_Format(PyExc_RuntimeError, "cannot load compiled kernel %s: %s",
                     path, dlerror());
        return GPA_ERR;
    }
    *module = h;
    return GPA_OK;
}

static int host_module_unload(gpa_device *dev, void *module)
{
    GPA_UNUSED(dev);
    dlclose(module);
    return GPA_OK;
}

static int host_function_get(gpa_device *dev, void *module, const char *name,
                             void **fn)
{
    GPA_UNUSED(dev);
    char launcher[512];
    snprintf(launcher, sizeof launcher, "%s__host", name);
    void *f = dlsym(module, launcher);
    if (f == NULL) {
        PyErr_Format(PyExc_RuntimeError, "compiled kernel has no launcher %s",
                     launcher);
        return GPA_ERR;
    }
    *fn = f;
    return GPA_OK;
}

/* Block shape is always one thread on host (prelude_base.cuh); the grid's
 * blocks are shared out among the worker threads (host_threads.h), each
 * running a contiguous range in order.  Kernels are correct under any
 * such split: blocks that depend on each other (the scans' look-back)
 * wait only on blocks started earlier.  The GIL is released: a long host
 * kernel must not stop other Python threads. */
static int host_launch(gpa_device *dev, void *fn, gpa_dim3 grid,
                       gpa_dim3 block, unsigned shared_bytes,
                       gpa_stream stream, void **args)
{
    GPA_UNUSED(dev); GPA_UNUSED(block); GPA_UNUSED(shared_bytes);
    GPA_UNUSED(stream);
    host_job job = {(gpa_host_launcher)fn, args, grid,
                    (unsigned long long)grid.x * grid.y * grid.z};
    int parts = gpa_host_thread_count();
    if ((unsigned long long)parts > job.blocks)
        parts = (int)job.blocks;
    Py_BEGIN_ALLOW_THREADS
    gpa_host_parallel(run_part, &job, parts);
    Py_END_ALLOW_THREADS
    return GPA_OK;
}

const gpa_backend gpa_host_backend = {
    .name = "host",
    .mem_alloc = host_mem_alloc,
    .mem_free = host_mem_free,
    .host_alloc = host_mem_alloc,
    .host_free = host_mem_free,
    .host_register = host_register,
    .host_unregister = host_unregister,
    .copy_async = host_copy,
    .copy_sync = host_copy,
    .memset_d8 = host_memset_d8,
    .stream_create = host_stream_create,
    .stream_destroy = host_nothing_stream,
    .stream_synchronize = host_nothing_stream,
    .event_create = host_event_create,
    .event_destroy = host_event_destroy,
    .event_record = host_event_record,
    .event_synchronize = host_event_synchronize,
    .event_query = host_event_query,
    .stream_query = host_stream_query,
    .event_elapsed_ms = host_event_elapsed,
    .stream_wait_event = host_stream_wait_event,
    .synchronize = host_synchronize,
    .module_load = host_module_load,
    .module_unload = host_module_unload,
    .function_get = host_function_get,
    .launch = host_launch,
};
