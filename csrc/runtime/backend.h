/* backend.h - the device interface: one small vtable, two implementations.
 *
 * A device is a gpa_device (device.h) whose `be` points at one of these
 * tables: cuda_backend.c (driver API opened with dlopen) or host_backend.c
 * (malloc, kernels compiled by the system C++ compiler).  Everything above
 * the runtime layer talks to devices only through this table, so the whole
 * library except the CUDA calls themselves runs and is tested on `host`.
 *
 * Conventions for every function here:
 *   return GPA_OK (0) on success, GPA_ERR (-1) with a Python exception set;
 *   mem_alloc/host_alloc may also return GPA_OOM (1) with NO exception set,
 *   so that the pool can free its cache and retry (DESIGN.md decision 6).
 * All functions must be called with the GIL held.  A NULL stream means the
 * device's default stream.
 */
#ifndef GPA_BACKEND_H
#define GPA_BACKEND_H

#include "common.h"

typedef struct gpa_device gpa_device;
typedef void *gpa_stream;  /* CUstream on cuda; always NULL on host */
typedef void *gpa_event;   /* CUevent on cuda; a small struct on host */

typedef struct { unsigned x, y, z; } gpa_dim3;

/* Stream and event creation flags: the values of CUDA's driver API
 * (CU_STREAM_NON_BLOCKING, CU_EVENT_BLOCKING_SYNC, CU_EVENT_DISABLE_TIMING),
 * so the cuda backend passes them through. */
#define GPA_STREAM_NON_BLOCKING 0x1u
#define GPA_EVENT_BLOCKING_SYNC 0x1u
#define GPA_EVENT_DISABLE_TIMING 0x2u

enum gpa_copy_kind { GPA_H2D = 0, GPA_D2H = 1, GPA_D2D = 2 };

typedef struct gpa_backend {
    const char *name; /* "cuda" or "host" */

    /* Device memory.  mem_alloc: GPA_OOM (no exception) when full. */
    int (*mem_alloc)(gpa_device *dev, size_t nbytes, void **ptr);
    int (*mem_free)(gpa_device *dev, void *ptr);
    /* Page-locked host memory, for staging transfers.  GPA_OOM when full. */
    int (*host_alloc)(gpa_device *dev, size_t nbytes, void **ptr);
    int (*host_free)(gpa_device *dev, void *ptr);
    /* Pin (register) existing host memory for DMA; may be NULL. */
    int (*host_register)(gpa_device *dev, void *ptr, size_t nbytes);
    int (*host_unregister)(gpa_device *dev, void *ptr);

    /* Copies are ordered on `stream` and asynchronous with respect to the
     * host where the backend allows it (cuda with pinned host memory);
     * copy_sync returns only when the data has arrived. */
    int (*copy_async)(gpa_device *dev, void *dst, const void *src, size_t n,
                      enum gpa_copy_kind kind, gpa_stream stream);
    int (*copy_sync)(gpa_device *dev, void *dst, const void *src, size_t n,
                     enum gpa_copy_kind kind, gpa_stream stream);
    int (*memset_d8)(gpa_device *dev, void *dst, unsigned char value,
                     size_t n, gpa_stream stream);

    /* Streams and events. */
    /* flags: GPA_STREAM_NON_BLOCKING; priority as CUDA's (lower is
     * higher, clamped to the device's range). */
    int (*stream_create)(gpa_device *dev, unsigned flags, int priority,
                         gpa_stream *out);
    int (*stream_destroy)(gpa_device *dev, gpa_stream stream);
    int (*stream_synchronize)(gpa_device *dev, gpa_stream stream);
    /* 1 when all work queued on the stream has completed, 0 when not,
     * -1 on error. */
    int (*stream_query)(gpa_device *dev, gpa_stream stream);
    /* flags: GPA_EVENT_BLOCKING_SYNC | GPA_EVENT_DISABLE_TIMING */
    int (*event_create)(gpa_device *dev, unsigned flags, gpa_event *out);
    int (*event_destroy)(gpa_device *dev, gpa_event ev);
    int (*event_record)(gpa_device *dev, gpa_event ev, gpa_stream stream);
    int (*event_synchronize)(gpa_device *dev, gpa_event ev);
    /* 1 when the event has completed, 0 when not, -1 on error. */
    int (*event_query)(gpa_device *dev, gpa_event ev);
    int (*event_elapsed_ms)(gpa_device *dev, gpa_event start, gpa_event end,
                            float *ms);
    int (*stream_wait_event)(gpa_device *dev, gpa_stream stream, gpa_event ev);
    int (*synchronize)(gpa_device *dev); /* the whole device */

    /* Kernels.  module_load gets both the compiled image (cubin bytes) and
     * the path of the cache file holding it (a shared object on host);
     * each backend uses what it needs. */
    int (*module_load)(gpa_device *dev, const void *image, size_t n,
                       const char *path, void **module);
    int (*module_unload)(gpa_device *dev, void *module);
    int (*function_get)(gpa_device *dev, void *module, const char *name,
                        void **fn);
    /* args: one pointer per kernel parameter, pointing at its value, as
     * cuLaunchKernel takes them. */
    int (*launch)(gpa_device *dev, void *fn, gpa_dim3 grid, gpa_dim3 block,
                  unsigned shared_bytes, gpa_stream stream, void **args);
} gpa_backend;

extern const gpa_backend gpa_cuda_backend;
extern const gpa_backend gpa_host_backend;

#endif
