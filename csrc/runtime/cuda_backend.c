/* cuda_backend.c - the device vtable (backend.h) on the CUDA driver API.
 *
 * Every entry makes the device's context current, then makes one or two
 * driver calls, each checked with GPA_CU_CHECK (Python exception naming
 * the call, the CUDA error and file:line).  Memory exhaustion in
 * mem_alloc and host_alloc returns GPA_OOM with no exception, so that the
 * pool can free its cache and retry (DESIGN.md decision 6).
 *
 * Pointers: device memory travels through the vtable as void * and is a
 * CUdeviceptr to the driver (both 64-bit; UVA makes them one address
 * space).  Streams and events are the driver's handles, cast.  A NULL
 * stream is CUDA's legacy default stream of the device's context.
 *
 * Note [Current context]: the driver keeps a current context per thread,
 * and every call below acts on it.  Each device holds its primary context
 * (the one the runtime API, CuPy and PyTorch also use), so on one GPU every
 * library agrees on the current context.  gpa_cuda_activate remembers in a
 * thread-local which context it last made current and skips the driver
 * call when asked for it again.  If foreign code makes another context
 * current on the same thread in between (a second GPU chosen through
 * PyTorch, say), the cache is stale; such entry points call
 * gpa_cuda_forget_current() (cuda_backend.h).
 */
#include "common.h"
#include "runtime/cuda_backend.h"
#include "runtime/cuda_api.h"

#include <limits.h>

/* Dynamic shared memory above this needs an opt-in per function. */
#define GPA_DEFAULT_MAX_SHARED_BYTES (48u * 1024u)

/* Note [Current context]: the context this thread last made current
 * through gpa_cuda_activate, or NULL. */
static __thread CUcontext tls_current_ctx;

static inline CUdeviceptr
dptr(const void *p)
{
    return (CUdeviceptr)(uintptr_t)p;
}

int
gpa_cuda_activate(gpa_device *dev)
{
    const gpa_cuda_api *cu;
    CUcontext ctx = (CUcontext)dev->cu_context;

    if (ctx != NULL && ctx == tls_current_ctx)
        return GPA_OK;
    if (dev->kind != GPA_DEVICE_CUDA || ctx == NULL) {
        PyErr_SetString(PyExc_RuntimeError,
                        "internal error: a CUDA call on a device that is "
                        "not an initialised CUDA device");
        return GPA_ERR;
    }
    cu = gpa_cuda_api_get();
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuCtxSetCurrent(ctx));
    tls_current_ctx = ctx;
    return GPA_OK;
}

void
gpa_cuda_forget_current(void)
{
    tls_current_ctx = NULL;
}

/* The driver table with dev's context current; NULL with an exception. */
static const gpa_cuda_api *
enter(gpa_device *dev)
{
    const gpa_cuda_api *cu = gpa_cuda_api_get();

    if (cu == NULL || gpa_cuda_activate(dev) < 0)
        return NULL;
    return cu;
}

int
gpa_cuda_device_init(gpa_device *dev, int ordinal)
{
    const gpa_cuda_api *cu;
    CUdevice d = 0;
    CUcontext ctx = NULL;
    int count = 0, major = 0, minor = 0, sms = 0, maxthreads = 0;
    size_t total = 0;
    char name[sizeof dev->name];

    cu = gpa_cuda_api_get();
    if (cu == NULL)
        goto fail;
    GPA_CU_CHECK_GOTO(cu, cuDeviceGetCount(&count), fail);
    if (ordinal < 0 || ordinal >= count) {
        PyErr_Format(PyExc_ValueError,
                     "CUDA device %d does not exist: %d device%s visible",
                     ordinal, count, count == 1 ? " is" : "s are");
        goto fail;
    }
    GPA_CU_CHECK_GOTO(cu, cuDeviceGet(&d, ordinal), fail);
    GPA_CU_CHECK_GOTO(cu, cuDeviceGetAttribute(
        &major, GPA_CU_ATTR_COMPUTE_CAPABILITY_MAJOR, d), fail);
    GPA_CU_CHECK_GOTO(cu, cuDeviceGetAttribute(
        &minor, GPA_CU_ATTR_COMPUTE_CAPABILITY_MINOR, d), fail);
    GPA_CU_CHECK_GOTO(cu, cuDeviceGetAttribute(
        &sms, GPA_CU_ATTR_MULTIPROCESSOR_COUNT, d), fail);
    GPA_CU_CHECK_GOTO(cu, cuDeviceGetAttribute(
        &maxthreads, GPA_CU_ATTR_MAX_THREADS_PER_BLOCK, d), fail);
    GPA_CU_CHECK_GOTO(cu, cuDeviceTotalMem(&total, d), fail);
    memset(name, 0, sizeof name);
    GPA_CU_CHECK_GOTO(cu, cuDeviceGetName(name, (int)sizeof name - 1, d),
                      fail);
    /* Last, so that nothing can fail after it: the retain is the one
     * resource here, held for the process's life (devices never die). */
    GPA_CU_CHECK_GOTO(cu, cuDevicePrimaryCtxRetain(&ctx, d), fail);

    dev->kind = GPA_DEVICE_CUDA;
    dev->ordinal = ordinal;
    dev->be = &gpa_cuda_backend;
    dev->cu_device = d;
    dev->cu_context = ctx;
    dev->cc_major = major;
    dev->cc_minor = minor;
    dev->sm_count = sms;
    dev->max_threads_per_block = maxthreads;
    dev->total_memory = total;
    memcpy(dev->name, name, sizeof name);
    return GPA_OK;
fail:
    return GPA_ERR;
}

/* ------------------------------------------------------------------ */
/* Memory                                                              */

static int
cuda_mem_alloc(gpa_device *dev, size_t nbytes, void **ptr)
{
    const gpa_cuda_api *cu = enter(dev);
    CUdeviceptr p = 0;
    CUresult err;

    *ptr = NULL;
    if (cu == NULL)
        return GPA_ERR;
    /* cuMemAlloc refuses 0 bytes; a real (tiny) block keeps every pointer
     * we hand out distinct and non-NULL. */
    err = cu->cuMemAlloc(&p, nbytes ? nbytes : 1);
    if (err == GPA_CUDA_ERROR_OUT_OF_MEMORY)
        return GPA_OOM;
    if (err != GPA_CUDA_SUCCESS)
        return gpa_cuda_raise(err, "cuMemAlloc", __FILE__, __LINE__);
    *ptr = (void *)(uintptr_t)p;
    return GPA_OK;
}

static int
cuda_mem_free(gpa_device *dev, void *ptr)
{
    const gpa_cuda_api *cu;

    if (ptr == NULL)
        return GPA_OK;
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuMemFree(dptr(ptr)));
    return GPA_OK;
}

static int
cuda_host_alloc(gpa_device *dev, size_t nbytes, void **ptr)
{
    const gpa_cuda_api *cu = enter(dev);
    void *p = NULL;
    CUresult err;

    *ptr = NULL;
    if (cu == NULL)
        return GPA_ERR;
    /* PORTABLE: pinned for every context, so one staging buffer serves
     * copies to any device. */
    err = cu->cuMemHostAlloc(&p, nbytes ? nbytes : 1,
                             GPA_CU_MEMHOSTALLOC_PORTABLE);
    if (err == GPA_CUDA_ERROR_OUT_OF_MEMORY)
        return GPA_OOM;
    if (err != GPA_CUDA_SUCCESS)
        return gpa_cuda_raise(err, "cuMemHostAlloc", __FILE__, __LINE__);
    *ptr = p;
    return GPA_OK;
}

static int
cuda_host_free(gpa_device *dev, void *ptr)
{
    const gpa_cuda_api *cu;

    if (ptr == NULL)
        return GPA_OK;
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuMemFreeHost(ptr));
    return GPA_OK;
}

/* Already-registered memory is an error here (the caller cannot own a
 * registration it did not make); the message names
 * CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED. */
static int
cuda_host_register(gpa_device *dev, void *ptr, size_t nbytes)
{
    const gpa_cuda_api *cu = enter(dev);

    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuMemHostRegister(ptr, nbytes,
                                       GPA_CU_MEMHOSTREGISTER_PORTABLE));
    return GPA_OK;
}

static int
cuda_host_unregister(gpa_device *dev, void *ptr)
{
    const gpa_cuda_api *cu = enter(dev);

    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuMemHostUnregister(ptr));
    return GPA_OK;
}

/* ------------------------------------------------------------------ */
/* Copies                                                              */

static int
cuda_copy_async(gpa_device *dev, void *dst, const void *src, size_t n,
                enum gpa_copy_kind kind, gpa_stream stream)
{
    const gpa_cuda_api *cu;
    CUstream s = (CUstream)stream;

    if (n == 0)
        return GPA_OK;
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    switch (kind) {
    case GPA_H2D:
        GPA_CU_CHECK(cu, cuMemcpyHtoDAsync(dptr(dst), src, n, s));
        break;
    case GPA_D2H:
        GPA_CU_CHECK(cu, cuMemcpyDtoHAsync(dst, dptr(src), n, s));
        break;
    case GPA_D2D:
        GPA_CU_CHECK(cu, cuMemcpyDtoDAsync(dptr(dst), dptr(src), n, s));
        break;
    default:
        PyErr_Format(PyExc_RuntimeError,
                     "internal error: unknown copy kind %d", (int)kind);
        return GPA_ERR;
    }
    return GPA_OK;
}

static int
cuda_copy_sync(gpa_device *dev, void *dst, const void *src, size_t n,
               enum gpa_copy_kind kind, gpa_stream stream)
{
    const gpa_cuda_api *cu;

    if (n == 0)
        return GPA_OK;
    if (cuda_copy_async(dev, dst, src, n, kind, stream) < 0)
        return GPA_ERR;
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuStreamSynchronize((CUstream)stream));
    return GPA_OK;
}

static int
cuda_memset_d8(gpa_device *dev, void *dst, unsigned char value, size_t n,
               gpa_stream stream)
{
    const gpa_cuda_api *cu;

    if (n == 0)
        return GPA_OK;
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuMemsetD8Async(dptr(dst), value, n, (CUstream)stream));
    return GPA_OK;
}

/* ------------------------------------------------------------------ */
/* Streams and events                                                  */

/* Streams are blocking unless GPA_STREAM_NON_BLOCKING: a blocking one
 * orders with the legacy default stream, on which memory may have been
 * filled before the stream saw it.  The driver clamps the priority to
 * the device's range.  *out: a new stream, owned by the caller
 * (stream_destroy). */
static int
cuda_stream_create(gpa_device *dev, unsigned flags, int priority,
                   gpa_stream *out)
{
    const gpa_cuda_api *cu = enter(dev);
    CUstream s = NULL;

    *out = NULL;
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuStreamCreateWithPriority(&s, flags, priority));
    *out = (gpa_stream)s;
    return GPA_OK;
}

static int
cuda_stream_destroy(gpa_device *dev, gpa_stream stream)
{
    const gpa_cuda_api *cu;

    if (stream == NULL) /* the default stream is not ours to destroy */
        return GPA_OK;
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuStreamDestroy((CUstream)stream));
    return GPA_OK;
}

static int
cuda_stream_synchronize(gpa_device *dev, gpa_stream stream)
{
    const gpa_cuda_api *cu = enter(dev);

    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuStreamSynchronize((CUstream)stream));
    return GPA_OK;
}

/* *out: a new event with the driver's flags (timing unless
 * GPA_EVENT_DISABLE_TIMING), owned by the caller (event_destroy). */
static int
cuda_event_create(gpa_device *dev, unsigned flags, gpa_event *out)
{
    const gpa_cuda_api *cu = enter(dev);
    CUevent e = NULL;

    *out = NULL;
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuEventCreate(&e, flags));
    *out = (gpa_event)e;
    return GPA_OK;
}

static int
cuda_event_destroy(gpa_device *dev, gpa_event ev)
{
    const gpa_cuda_api *cu;

    if (ev == NULL)
        return GPA_OK;
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuEventDestroy((CUevent)ev));
    return GPA_OK;
}

static int
cuda_event_record(gpa_device *dev, gpa_event ev, gpa_stream stream)
{
    const gpa_cuda_api *cu = enter(dev);

    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuEventRecord((CUevent)ev, (CUstream)stream));
    return GPA_OK;
}

static int
cuda_event_synchronize(gpa_device *dev, gpa_event ev)
{
    const gpa_cuda_api *cu = enter(dev);

    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuEventSynchronize((CUevent)ev));
    return GPA_OK;
}

/* 1 all done, 0 not yet, -1 error (exception set). */
static int
cuda_stream_query(gpa_device *dev, gpa_stream stream)
{
    const gpa_cuda_api *cu = enter(dev);
    CUresult err;

    if (cu == NULL)
        return -1;
    err = cu->cuStreamQuery((CUstream)stream);
    if (err == GPA_CUDA_SUCCESS)
        return 1;
    if (err == GPA_CUDA_ERROR_NOT_READY)
        return 0;
    return gpa_cuda_raise(err, "cuStreamQuery", __FILE__, __LINE__);
}

/* 1 completed, 0 not yet, -1 error (exception set). */
static int
cuda_event_query(gpa_device *dev, gpa_event ev)
{
    const gpa_cuda_api *cu = enter(dev);
    CUresult err;

    if (cu == NULL)
        return -1;
    err = cu->cuEventQuery((CUevent)ev);
    if (err == GPA_CUDA_SUCCESS)
        return 1;
    if (err == GPA_CUDA_ERROR_NOT_READY)
        return 0;
    return gpa_cuda_raise(err, "cuEventQuery", __FILE__, __LINE__);
}

static int
cuda_event_elapsed_ms(gpa_device *dev, gpa_event start, gpa_event end,
                      float *ms)
{
    const gpa_cuda_api *cu = enter(dev);

    *ms = 0.0f;
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuEventElapsedTime(ms, (CUevent)start, (CUevent)end));
    return GPA_OK;
}

static int
cuda_stream_wait_event(gpa_device *dev, gpa_stream stream, gpa_event ev)
{
    const gpa_cuda_api *cu = enter(dev);

    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuStreamWaitEvent((CUstream)stream, (CUevent)ev, 0));
    return GPA_OK;
}

static int
cuda_synchronize(gpa_device *dev)
{
    const gpa_cuda_api *cu = enter(dev);

    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuCtxSynchronize());
    return GPA_OK;
}

/* ------------------------------------------------------------------ */
/* Kernels                                                             */

/* image: a cubin (or PTX, NUL-terminated) that the driver reads in place;
 * n and path are not needed here.  *module: new, owned by the caller
 * (module_unload). */
static int
cuda_module_load(gpa_device *dev, const void *image, size_t n,
                 const char *path, void **module)
{
    const gpa_cuda_api *cu;
    CUmodule m = NULL;

    GPA_UNUSED(path);
    *module = NULL;
    if (image == NULL || n == 0) {
        PyErr_SetString(PyExc_RuntimeError,
                        "internal error: module_load without an image");
        return GPA_ERR;
    }
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuModuleLoadData(&m, image));
    *module = (void *)m;
    return GPA_OK;
}

static int
cuda_module_unload(gpa_device *dev, void *module)
{
    const gpa_cuda_api *cu;

    if (module == NULL)
        return GPA_OK;
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuModuleUnload((CUmodule)module));
    return GPA_OK;
}

/* *fn: borrowed from the module (valid until it is unloaded). */
static int
cuda_function_get(gpa_device *dev, void *module, const char *name,
                  void **fn)
{
    const gpa_cuda_api *cu = enter(dev);
    CUfunction f = NULL;

    *fn = NULL;
    if (cu == NULL)
        return GPA_ERR;
    GPA_CU_CHECK(cu, cuModuleGetFunction(&f, (CUmodule)module, name));
    *fn = (void *)f;
    return GPA_OK;
}

static int
cuda_launch(gpa_device *dev, void *fn, gpa_dim3 grid, gpa_dim3 block,
            unsigned shared_bytes, gpa_stream stream, void **args)
{
    const gpa_cuda_api *cu;
    CUfunction f = (CUfunction)fn;

    /* An empty grid is no work (size-0 arrays), not an error. */
    if (grid.x == 0 || grid.y == 0 || grid.z == 0)
        return GPA_OK;
    cu = enter(dev);
    if (cu == NULL)
        return GPA_ERR;
    if (shared_bytes > GPA_DEFAULT_MAX_SHARED_BYTES) {
        if (shared_bytes > (unsigned)INT_MAX) {
            PyErr_Format(PyExc_ValueError,
                         "%u bytes of shared memory asked for a launch",
                         shared_bytes);
            return GPA_ERR;
        }
        GPA_CU_CHECK(cu, cuFuncSetAttribute(
            f, GPA_CU_FUNC_ATTR_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            (int)shared_bytes));
    }
    GPA_CU_CHECK(cu, cuLaunchKernel(f, grid.x, grid.y, grid.z, block.x,
                                    block.y, block.z, shared_bytes,
                                    (CUstream)stream, args, NULL));
    return GPA_OK;
}

const gpa_backend gpa_cuda_backend = {
    .name = "cuda",
    .mem_alloc = cuda_mem_alloc,
    .mem_free = cuda_mem_free,
    .host_alloc = cuda_host_alloc,
    .host_free = cuda_host_free,
    .host_register = cuda_host_register,
    .host_unregister = cuda_host_unregister,
    .copy_async = cuda_copy_async,
    .copy_sync = cuda_copy_sync,
    .memset_d8 = cuda_memset_d8,
    .stream_create = cuda_stream_create,
    .stream_destroy = cuda_stream_destroy,
    .stream_synchronize = cuda_stream_synchronize,
    .event_create = cuda_event_create,
    .event_destroy = cuda_event_destroy,
    .event_record = cuda_event_record,
    .event_synchronize = cuda_event_synchronize,
    .event_query = cuda_event_query,
    .stream_query = cuda_stream_query,
    .event_elapsed_ms = cuda_event_elapsed_ms,
    .stream_wait_event = cuda_stream_wait_event,
    .synchronize = cuda_synchronize,
    .module_load = cuda_module_load,
    .module_unload = cuda_module_unload,
    .function_get = cuda_function_get,
    .launch = cuda_launch,
};
